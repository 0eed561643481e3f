package rampart.criteria.principal_test

import data.rampart.testing as t

test_check_principal_id if {
	t.holds({"criterion": "checkPrincipalId", "args": ["bob"]}, t.request)
	not t.holds({"criterion": "checkPrincipalId", "args": ["alice"]}, t.request)
}

test_principal_by_credential if {
	req := object.union(t.request, {"principal": "alice-key"})
	t.holds({"criterion": "checkPrincipalId", "args": ["alice"]}, req)
	t.holds({"criterion": "checkPrincipalRole", "args": ["admin"]}, req)
}

test_check_principal_role if {
	t.holds({"criterion": "checkPrincipalRole", "args": ["member", "manager"]}, t.request)
	not t.holds({"criterion": "checkPrincipalRole", "args": ["admin"]}, t.request)
}

test_check_principal_group if {
	t.holds({"criterion": "checkPrincipalGroup", "args": ["treasury-team"]}, object.union(t.request, {"principal": "carol"}))
	not t.holds({"criterion": "checkPrincipalGroup", "args": ["treasury-team"]}, t.request)
}
