package rampart.numbers_test

import data.rampart.numbers

test_compare_by_length_then_digits if {
	numbers.compare("10", "gt", "9")
	numbers.compare("9", "lt", "10")
	numbers.compare("123", "eq", "123")
	numbers.compare("124", "gt", "123")
	numbers.compare("124", "ne", "123")
	numbers.compare("123", "gte", "123")
	numbers.compare("124", "gte", "123")
	numbers.compare("123", "lte", "123")
	numbers.compare("99", "lte", "123")
	not numbers.compare("123", "lt", "123")
	not numbers.compare("9", "gt", "10")
	not numbers.compare("10", "lte", "9")
	not numbers.compare("10", "eq", "9")
	not numbers.compare("10", "ne", "10")
}

test_compare_beyond_64_bits if {
	numbers.compare(
		"115792089237316195423570985008687907853269984665640564039457584007913129639935",
		"gt",
		"115792089237316195423570985008687907853269984665640564039457584007913129639934",
	)
	numbers.compare("18446744073709551616", "gt", "18446744073709551615")
}

test_unknown_operator_never_holds if {
	not numbers.compare("1", "above", "0")
	not numbers.holds(1, "above", 0)
}

test_holds_on_counts if {
	numbers.holds(3, "lte", 3)
	numbers.holds(4, "gt", 3)
	not numbers.holds(4, "lte", 3)
	numbers.holds(2, "ne", 3)
}
