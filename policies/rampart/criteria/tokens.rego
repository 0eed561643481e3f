# Criteria on NFTs: ERC-721 and ERC-1155 token ids, and every ERC-1155 transfer of a request.
package rampart.criteria

import data.rampart.context as ctx
import data.rampart.numbers

tokens_holds(kind, a) if {
	kind == "checkERC721TokenId"
	erc721_token_id(a, ctx.request_intent)
} else if {
	kind == "checkERC1155TokenId"
	erc1155_token_id(a, ctx.request_intent)
} else if {
	kind == "anyAllowance:checkERC1155TokenId"
	any_erc1155_token_id(a, ctx.request_intent)
} else if {
	kind == "anyAllowance:checkERC721TokenId"
	any_erc721_token_id(a, ctx.request_intent)
} else if {
	kind == "checkERC1155Transfers"
	erc1155_transfers(a, ctx.request_intent)
}

erc721_types := {"erc721Transfer", "erc721Approve"}

erc721_token_id(ids, intent) if {
	intent.type in erc721_types
	asset_id(intent) in ids
}

# An ERC-1155 batch transfer moves the token ids of its transfers: every one must be listed (at least one transfer).
# In a forbid (anyAllowance:checkERC1155TokenId), one is enough, so no token id hides among the others.
erc1155_token_id(ids, intent) if {
	intent.type == "erc1155Transfer"
	asset_id(intent) in ids
} else if {
	intent.type == "erc1155BatchTransfer"
	count(intent.transfers) > 0
	every transfer in intent.transfers {
		asset_id(transfer) in ids
	}
}

# In a forbid, a token id also meets the criterion when any transfer the intent lists moves it, whatever the
# intent (a Seaport order offering the NFT, an ERC-1155 batch), in either direction.
any_erc1155_token_id(ids, intent) if {
	erc1155_token_id(ids, intent)
} else if {
	moves_token_id(ids, intent)
}

any_erc721_token_id(ids, intent) if {
	erc721_token_id(ids, intent)
} else if {
	moves_token_id(ids, intent)
}

moves_token_id(ids, intent) if {
	some transfer in intent.transfers
	asset_id(transfer) in ids
}

# erc1155_transfers holds when there is at least one transfer and each matches one of the conditions.
erc1155_transfers(conditions, intent) if {
	count(intent.transfers) > 0
	every transfer in intent.transfers {
		some condition in conditions
		asset_id(transfer) == condition.tokenId
		numbers.compare(transfer.amount, condition.operator, condition.value)
	}
}

# asset_id is the CAIP-19 id of one token: the token id is appended unless the token already carries it.
asset_id(item) := item.token if count(split(item.token, "/")) == 3

asset_id(item) := concat("/", [item.token, item.tokenId]) if count(split(item.token, "/")) == 2
