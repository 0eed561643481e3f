# Criteria on when the request is made: its local day and time in a time zone. OPA's WASM target has no time zone
# data, so the evaluator computes the request's local weekday and minute of the day in each zone the candidates read
# (input.clock[zone], [weekday, minute]), with the zone rules Node ships, daylight-saving changes included. A window
# holds on its days from `start` (included) to `end` (excluded), in minutes since local midnight (the policy's
# `from` and `to`).
package rampart.criteria

calendar_holds(kind, a) if {
	kind == "checkRequestTime"
	request_time(a)
} else if {
	kind == "orUnknown:checkRequestTime"
	request_time_or_unknown(a)
}

# request_time: the local time is in one of the windows (within), or in none of them (outside). Without the local
# time in the zone, neither holds: no permit rests on a time that is not known.
request_time(a) if {
	a.within
	in_some_window(input.clock[a.timeZone], a.windows)
} else if {
	not a.within
	local := input.clock[a.timeZone]
	not in_some_window(local, a.windows)
}

# In a forbid (orUnknown:checkRequestTime), a local time that could not be computed meets the criterion: a forbid
# on business hours fails closed.
request_time_or_unknown(a) if {
	request_time(a)
} else if {
	not input.clock[a.timeZone]
}

in_some_window(local, windows) if {
	some window in windows
	local[0] in window.days
	local[1] >= window.start
	local[1] < window.end
}
