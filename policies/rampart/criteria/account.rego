# Criteria on the resource account the request signs with.
package rampart.criteria

import data.rampart.context as ctx

account_holds("checkAccountId", c) if account_field_in("id", c.a)

account_holds("checkAccountAddress", c) if account_field_in("address", c.a)

account_holds("checkAccountType", c) if account_field_in("accountType", c.a)

account_holds("checkAccountChainId", c) if account_field_in("chainId", c.a)

account_holds("checkAccountGroup", c) if account_in_group(c.a)

account_holds("checkAccountAssigned", _) if account_assigned

account_in_group(groups) if {
	some group in groups
	ctx.account.groups[group]
}

account_field_in(field, values) if ctx.account[field] in values

account_assigned if ctx.entities.assignments[ctx.user_id][ctx.account.id]
