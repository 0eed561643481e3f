package rampart.numbers_test

import data.rampart.numbers

test_compare_by_length_then_digits if {
	numbers.compare("10", "gt", "9")
	numbers.compare("9", "lt", "10")
	numbers.compare("123", "eq", "123")
	numbers.compare("124", "gt", "123")
	numbers.compare("124", "ne", "123")
	numbers.compare("123", "gte", "123")
	numbers.compare("123", "lte", "123")
	not numbers.compare("123", "lt", "123")
	not numbers.compare("9", "gt", "10")
}

test_compare_beyond_64_bits if {
	numbers.compare(
		"115792089237316195423570985008687907853269984665640564039457584007913129639935",
		"gt",
		"115792089237316195423570985008687907853269984665640564039457584007913129639934",
	)
	numbers.compare("18446744073709551616", "gt", "18446744073709551615")
}

test_normalize if {
	numbers.normalize("000") == "0"
	numbers.normalize("00120") == "120"
	numbers.normalize("7") == "7"
}

test_token_units if {
	# 1.5 USDC (6 decimals) is 1500000 base units.
	numbers.compare_token_units("1500000", "eq", "1.5", 6)
	numbers.compare_token_units("1500001", "gt", "1.5", 6)
	numbers.compare_token_units("1499999", "lt", "1.5", 6)
	numbers.compare_token_units("1000000000000000000", "eq", "1", 18)

	# More fractional digits than the token has: 1 base unit of a 0-decimals token is above 0.5.
	numbers.compare_token_units("1", "gt", "0.5", 0)
	numbers.compare_token_units("0", "lt", "0.000001", 6)
	numbers.compare_token_units("0", "eq", "0", 18)
}
