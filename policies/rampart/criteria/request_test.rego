package rampart.criteria.request_test

import data.rampart.testing as t

test_check_action if {
	t.holds({"criterion": "checkAction", "args": ["signTransaction"]}, t.request)
	not t.holds({"criterion": "checkAction", "args": ["signMessage", "signRaw"]}, t.request)
}

test_check_resource if {
	t.holds({"criterion": "checkResource", "args": ["treasury"]}, t.request)
	not t.holds({"criterion": "checkResource", "args": ["ops"]}, t.request)
}

test_check_permission if {
	req := {"action": "grantPermission", "principal": "alice", "permissions": ["wallet:read", "wallet:create"], "sets": ["org"]}
	t.holds({"criterion": "checkPermission", "args": ["wallet:create"]}, req)
	not t.holds({"criterion": "checkPermission", "args": ["wallet:delete"]}, req)
	not t.holds({"criterion": "checkPermission", "args": ["wallet:create"]}, t.request)
}
