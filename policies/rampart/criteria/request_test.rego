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

grant(permissions) := {"action": "grantPermission", "principal": "alice", "permissions": permissions, "sets": ["org"]}

test_check_permission_in_a_permit_needs_every_requested_permission if {
	t.holds({"criterion": "checkPermission", "args": ["wallet:read", "wallet:create"]}, grant(["wallet:read", "wallet:create"]))
	t.holds({"criterion": "checkPermission", "args": ["wallet:read", "wallet:create", "wallet:delete"]}, grant(["wallet:create"]))
	not t.holds({"criterion": "checkPermission", "args": ["wallet:create"]}, grant(["wallet:read", "wallet:create"]))
	not t.holds({"criterion": "checkPermission", "args": ["wallet:delete"]}, grant(["wallet:read", "wallet:create"]))
}

# Issue #17: a read-only permit granted delete when delete came along with read.
test_a_read_only_permit_does_not_grant_delete if {
	read_only := {"id": "p", "then": "permit", "when": [
		{"criterion": "checkAction", "args": ["grantPermission"]},
		{"criterion": "checkPermission", "args": ["wallet:read"]},
	]}
	t.decide([read_only], grant(["wallet:read", "wallet:delete"])).decision == "Forbid"
	t.decide([read_only], grant(["wallet:read"])).decision == "Permit"
}

test_check_permission_in_a_permit_fails_closed_without_permissions if {
	not t.holds({"criterion": "checkPermission", "args": ["wallet:read"]}, grant([]))
	not t.holds({"criterion": "checkPermission", "args": ["wallet:read"]}, object.remove(grant([]), ["permissions"]))
	not t.holds({"criterion": "checkPermission", "args": ["wallet:create"]}, t.request)
}

any_grant := {"id": "any-grant", "then": "permit", "when": [{"criterion": "checkAction", "args": ["grantPermission"]}]}

no_delete := {"id": "no-delete", "then": "forbid", "when": [{"criterion": "checkPermission", "args": ["wallet:delete"]}]}

test_check_permission_in_a_forbid_needs_one_requested_permission if {
	d := t.decide([no_delete, any_grant], grant(["wallet:read", "wallet:delete"]))
	d.decision == "Forbid"
	d.decidingPolicy == "no-delete"
	t.decide([no_delete, any_grant], grant(["wallet:delete"])).decision == "Forbid"
	t.decide([no_delete, any_grant], grant(["wallet:read", "wallet:create"])).decision == "Permit"
}

# A request that asks for nothing has nothing a forbid on permissions could forbid; only a permit that does not
# speak of permissions lets it through.
test_check_permission_in_a_forbid_without_permissions if {
	t.decide([no_delete, any_grant], grant([])).decision == "Permit"
	t.decide([no_delete, any_grant], object.remove(grant([]), ["permissions"])).decision == "Permit"
}
