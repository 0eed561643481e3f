# Exact comparisons of non-negative integers written as decimal strings.
# Amounts are uint256 in base units: they overflow the numbers of the WASM runtime, so they are never converted.
# A shorter canonical string is a smaller number; equal lengths compare lexicographically.
package rampart.numbers

# sign is -1, 0 or 1 as a is less than, equal to or greater than b (both canonical).
sign(a, b) := -1 if count(a) < count(b)

sign(a, b) := 1 if count(a) > count(b)

sign(a, b) := -1 if {
	count(a) == count(b)
	a < b
}

sign(a, b) := 1 if {
	count(a) == count(b)
	a > b
}

sign(a, b) := 0 if a == b

# compare holds when `a op b` for canonical decimal strings a and b.
compare(a, op, b) if holds(sign(a, b), op)

# holds maps a sign to the six comparison operators.
holds(s, "gt") if s == 1

holds(s, "lt") if s == -1

holds(s, "gte") if s >= 0

holds(s, "lte") if s <= 0

holds(s, "eq") if s == 0

holds(s, "ne") if s != 0
