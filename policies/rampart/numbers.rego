# Exact comparisons of non-negative integers written as decimal strings.
# Amounts are uint256 in base units: they overflow the numbers of the WASM runtime, so they are never converted.
# A shorter canonical string is a smaller number; equal lengths compare lexicographically.
package rampart.numbers

# A string of zeros used to pad and scale decimal strings; it bounds the scale at 128 digits.
zeros := "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"

# normalize drops leading zeros, keeping "0" for zero.
normalize(s) := "0" if trim_left(s, "0") == ""

normalize(s) := t if {
	t := trim_left(s, "0")
	t != ""
}

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

# compare_token_units compares an amount in base units with a value in token units ("1.5"), given the
# token's decimals: both sides are scaled to the same number of fractional digits, then compared as strings.
compare_token_units(amount, op, value, decimals) if {
	parts := array.concat(split(value, "."), [""])
	fraction := parts[1]
	scale := max([decimals, count(fraction)])
	scale <= count(zeros)
	scaled_amount := normalize(concat("", [amount, substring(zeros, 0, scale - decimals)]))
	scaled_value := normalize(concat("", [parts[0], fraction, substring(zeros, 0, scale - count(fraction))]))
	compare(scaled_amount, op, scaled_value)
}
