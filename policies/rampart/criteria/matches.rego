# matches holds when every criterion left to check of a candidate policy holds. A bucket lists its candidates each
# with those criteria, and `every` stops at the first that does not hold. `holds` picks the family, and each
# family's `<family>_holds` (in its own file) picks the check by name. Both are `else` chains: compiled to WASM, a
# function of several clauses evaluates every clause on every call, while a chain stops at the clause that
# applies, so each chain puts first what policies use most: destination, amount, token, assignment, principal
# group and role, limits. Each file names its own rules so that the compiled plan (and the committed WASM) does
# not depend on the order in which files are loaded.
package rampart.criteria

matches(left) if {
	every c in left {
		holds(c[0], c[1], c[2])
	}
}

holds(family, kind, a) if {
	family == "parties"
	parties_holds(kind, a)
} else if {
	family == "intent"
	intent_holds(kind, a)
} else if {
	family == "account"
	account_holds(kind, a)
} else if {
	family == "principal"
	principal_holds(kind, a)
} else if {
	family == "limits"
	limits_holds(kind, a)
} else if {
	family == "request"
	request_holds(kind, a)
} else if {
	family == "tokens"
	tokens_holds(kind, a)
} else if {
	family == "transaction"
	transaction_holds(kind, a)
} else if {
	family == "signing"
	signing_holds(kind, a)
} else if {
	family == "user_operation"
	user_operation_holds(kind, a)
} else if {
	family == "calendar"
	calendar_holds(kind, a)
}
