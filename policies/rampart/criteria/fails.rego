# fails gathers, per policy set, the policies that a criterion rules out. A bucket groups its criteria by family,
# then by name; `holds` picks the family, and each family's `<family>_holds` (in its own file) picks the check by
# name. Each file names its own rules so that the compiled plan (and the committed WASM) does not depend on the
# order in which files are loaded.
package rampart.criteria

import data.rampart.context as ctx

fails contains [set, c.p] if {
	some [set, id] in input.buckets
	some family, kinds in ctx.bucket(set, id).criteria
	some kind, criteria in kinds
	some c in criteria
	not holds(family, kind, c)
}

holds("request", kind, c) if request_holds(kind, c)

holds("principal", kind, c) if principal_holds(kind, c)

holds("account", kind, c) if account_holds(kind, c)

holds("parties", kind, c) if parties_holds(kind, c)

holds("intent", kind, c) if intent_holds(kind, c)

holds("tokens", kind, c) if tokens_holds(kind, c)

holds("signing", kind, c) if signing_holds(kind, c)

holds("transaction", kind, c) if transaction_holds(kind, c)

holds("user_operation", kind, c) if user_operation_holds(kind, c)

holds("limits", kind, c) if limits_holds(kind, c)
