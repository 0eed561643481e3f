# Exact comparisons of non-negative integers written as decimal strings.
# Amounts are uint256 in base units: they overflow the numbers of the WASM runtime, so they are never converted.
# A shorter canonical string is a smaller number; equal lengths compare lexicographically.
package rampart.numbers

# compare holds when `a op b` for canonical decimal strings a and b. Each body matches its operator first, so
# a comparison evaluates two short bodies, not the twelve.
compare(a, "gt", b) if count(a) > count(b)

compare(a, "gt", b) if {
	count(a) == count(b)
	a > b
}

compare(a, "gte", b) if count(a) > count(b)

compare(a, "gte", b) if {
	count(a) == count(b)
	a >= b
}

compare(a, "lt", b) if count(a) < count(b)

compare(a, "lt", b) if {
	count(a) == count(b)
	a < b
}

compare(a, "lte", b) if count(a) < count(b)

compare(a, "lte", b) if {
	count(a) == count(b)
	a <= b
}

compare(a, "eq", b) if a == b

compare(a, "ne", b) if a != b

# holds compares two small integers (counts) with one of the six operators.
holds(a, "gt", b) if a > b

holds(a, "gte", b) if a >= b

holds(a, "lt", b) if a < b

holds(a, "lte", b) if a <= b

holds(a, "eq", b) if a == b

holds(a, "ne", b) if a != b
