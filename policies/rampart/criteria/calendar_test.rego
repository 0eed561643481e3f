package rampart.criteria.calendar_test

import data.rampart.testing as t

# Business hours in Zurich, as the evaluator states them: weekdays, 08:00 (480) to 18:00 (1080).
business_hours := [{"days": ["mon", "tue", "wed", "thu", "fri"], "start": 480, "end": 1080}]

within := {"criterion": "checkRequestTime", "args": {"timeZone": "Europe/Zurich", "within": true, "windows": business_hours}}

outside := {"criterion": "checkRequestTime", "args": {"timeZone": "Europe/Zurich", "within": false, "windows": business_hours}}

at(weekday, minute) := object.union(t.request, {"clock": {"Europe/Zurich": [weekday, minute]}})

test_within_a_window if {
	t.holds(within, at("mon", 480))
	t.holds(within, at("fri", 1079))
	not t.holds(within, at("fri", 1080))
	not t.holds(within, at("tue", 479))
	not t.holds(within, at("sat", 600))
}

test_outside_every_window if {
	t.holds(outside, at("sat", 600))
	t.holds(outside, at("wed", 1080))
	not t.holds(outside, at("wed", 480))
}

test_several_windows if {
	split := {"criterion": "checkRequestTime", "args": {"timeZone": "Europe/Zurich", "within": true, "windows": [
		{"days": ["mon"], "start": 540, "end": 720},
		{"days": ["mon"], "start": 780, "end": 1020},
	]}}
	t.holds(split, at("mon", 600))
	t.holds(split, at("mon", 800))
	not t.holds(split, at("mon", 750))
}

# Without the local time in the zone, a permit never holds, within or outside.
test_unknown_time_never_permits if {
	not t.holds(within, t.request)
	not t.holds(outside, t.request)
	other_zone := object.union(t.request, {"clock": {"America/New_York": ["sat", 600]}})
	not t.holds(outside, other_zone)
}

# A forbid outside business hours fails closed: an unknown local time meets it.
test_a_forbid_fails_closed if {
	any := {"id": "any", "then": "permit", "when": [{"criterion": "checkAction", "args": ["signTransaction"]}]}
	after_hours := {"id": "after-hours", "then": "forbid", "when": [outside]}
	t.decide([any, after_hours], at("sat", 600)).decision == "Forbid"
	t.decide([any, after_hours], at("mon", 600)).decision == "Permit"
	t.decide([any, after_hours], t.request).decision == "Forbid"
}

# "Outside business hours, every transfer needs a second approver": a permit within, and one outside with approvals.
test_approvals_outside_business_hours if {
	second := [{"approvalCount": 1, "approvalEntityType": "userGroup", "entityIds": ["treasury-team"], "countPrincipal": false}]
	in_hours := {"id": "in-hours", "then": "permit", "when": [within]}
	after_hours := {"id": "after-hours", "then": "permit", "when": [outside, {"criterion": "checkApprovals", "args": second}]}
	t.decide([in_hours, after_hours], at("tue", 600)).decision == "Permit"
	t.decide([in_hours, after_hours], at("tue", 1200)).decision == "Confirm"
	approved := object.union(at("tue", 1200), {"approvals": ["alice"]})
	t.decide([in_hours, after_hours], approved).decision == "Permit"
}
