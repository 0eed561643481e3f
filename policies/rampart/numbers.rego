# Exact comparisons of non-negative integers written as decimal strings.
# Amounts are uint256 in base units: they overflow the numbers of the WASM runtime, so they are never converted.
# A shorter canonical string is a smaller number; equal lengths compare lexicographically.
# Each function is an `else` chain: compiled to WASM, a function of several clauses evaluates every clause on every
# call, while a chain stops at the first clause that applies.
package rampart.numbers

# order is -1, 0 or 1 as the canonical decimal string a is below, equal to or above b. Each length is counted
# once: counting the characters of a string is a call into the runtime.
order(a, b) := ordered_by_length(count(a), count(b), a, b)

ordered_by_length(length_a, length_b, a, b) := -1 if {
	length_a < length_b
} else := 1 if {
	length_a > length_b
} else := -1 if {
	a < b
} else := 1 if {
	a > b
} else := 0

# compare holds when `a op b` for canonical decimal strings a and b.
compare(a, op, b) if ordered(order(a, b), op)

# holds compares two small integers (counts) with one of the six operators.
holds(a, op, b) if ordered(small_order(a, b), op)

small_order(a, b) := -1 if {
	a < b
} else := 1 if {
	a > b
} else := 0

# ordered holds when an order (-1, 0 or 1) satisfies an operator.
ordered(o, op) if {
	op == "lte"
	o <= 0
} else if {
	op == "lt"
	o < 0
} else if {
	op == "gte"
	o >= 0
} else if {
	op == "gt"
	o > 0
} else if {
	op == "eq"
	o == 0
} else if {
	op == "ne"
	o != 0
}
