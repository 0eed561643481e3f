package rampart.criteria.tokens_test

import data.rampart.testing as t

nft := "eip155:1/erc721:0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d"

items := "eip155:1/erc1155:0x76be3b62873462d2142405439777e971754e8e77"

test_erc721_token_id if {
	intent := {"type": "erc721Transfer", "chainId": 1, "token": nft, "tokenId": "42", "recipient": t.counterparty}
	req := t.with_intent(intent)
	t.holds({"criterion": "checkERC721TokenId", "args": [concat("/", [nft, "42"])]}, req)
	not t.holds({"criterion": "checkERC721TokenId", "args": [concat("/", [nft, "43"])]}, req)
	not t.holds({"criterion": "checkERC721TokenId", "args": [concat("/", [nft, "42"])]}, t.request)
}

test_erc1155_token_id if {
	intent := {"type": "erc1155Transfer", "chainId": 1, "token": concat("/", [items, "7"]), "amount": "3"}
	req := t.with_intent(intent)
	t.holds({"criterion": "checkERC1155TokenId", "args": [concat("/", [items, "7"])]}, req)
	not t.holds({"criterion": "checkERC1155TokenId", "args": [concat("/", [items, "8"])]}, req)
}

test_erc1155_transfers_every_transfer_must_match if {
	transfers := [{"token": items, "tokenId": "7", "amount": "3"}, {"token": items, "tokenId": "8", "amount": "10"}]
	req := t.with_intent({"type": "erc1155BatchTransfer", "chainId": 1, "transfers": transfers})
	conditions := [
		{"tokenId": concat("/", [items, "7"]), "operator": "lte", "value": "5"},
		{"tokenId": concat("/", [items, "8"]), "operator": "lte", "value": "10"},
	]
	t.holds({"criterion": "checkERC1155Transfers", "args": conditions}, req)
	not t.holds({"criterion": "checkERC1155Transfers", "args": [conditions[0]]}, req)
}

test_erc1155_transfers_empty_never_passes if {
	req := t.with_intent({"type": "erc1155BatchTransfer", "chainId": 1, "transfers": []})
	not t.holds({"criterion": "checkERC1155Transfers", "args": [{"tokenId": concat("/", [items, "7"]), "operator": "gte", "value": "0"}]}, req)
}

# An ERC-1155 batch transfer moves the token ids of its transfers: a permit needs every one of them listed, and a
# forbid one of them, as for the allowances of a Permit2 batch.
test_erc1155_token_id_of_a_batch_transfer if {
	transfers := [{"token": items, "tokenId": "7", "amount": "3"}, {"token": concat("/", [items, "8"]), "tokenId": "8", "amount": "10"}]
	req := t.with_intent({"type": "erc1155BatchTransfer", "chainId": 1, "token": items, "transfers": transfers})
	t.holds({"criterion": "checkERC1155TokenId", "args": [concat("/", [items, "7"]), concat("/", [items, "8"])]}, req)
	not t.holds({"criterion": "checkERC1155TokenId", "args": [concat("/", [items, "8"])]}, req)
	no_8 := {"id": "no-8", "then": "forbid", "when": [{"criterion": "checkERC1155TokenId", "args": [concat("/", [items, "8"])]}]}
	any := {"id": "any", "then": "permit", "when": [{"criterion": "checkIntentType", "args": ["erc1155BatchTransfer"]}]}
	t.decide([no_8, any], req).decision == "Forbid"
	no_9 := {"id": "no-9", "then": "forbid", "when": [{"criterion": "checkERC1155TokenId", "args": [concat("/", [items, "9"])]}]}
	t.decide([no_9, any], req).decision == "Permit"
	empty := t.with_intent({"type": "erc1155BatchTransfer", "chainId": 1, "token": items, "transfers": []})
	not t.holds({"criterion": "checkERC1155TokenId", "args": [concat("/", [items, "7"])]}, empty)
}

# A Seaport order lists what it moves as transfers: a forbid on an NFT meets the order that offers it.
test_a_forbid_on_a_token_id_meets_an_order_that_moves_it if {
	order := t.with_intent({"type": "seaportOrder", "chainId": 1, "transfers": [
		{"token": concat("/", [nft, "42"]), "tokenId": "42", "amount": "1"},
		{"token": "eip155:1/slip44:60", "amount": "1000"},
	]})
	any := {"id": "any", "then": "permit", "when": [{"criterion": "checkIntentType", "args": ["seaportOrder"]}]}
	keep := {"id": "keep", "then": "forbid", "when": [{"criterion": "checkERC721TokenId", "args": [concat("/", [nft, "42"])]}]}
	t.decide([keep, any], order).decision == "Forbid"
	other := {"id": "other", "then": "forbid", "when": [{"criterion": "checkERC721TokenId", "args": [concat("/", [nft, "43"])]}]}
	t.decide([other, any], order).decision == "Permit"
	not t.holds({"criterion": "checkERC721TokenId", "args": [concat("/", [nft, "42"])]}, order)
}
