# The request resolved against the organization: who asks, with which account, from where and to where.
# Every lookup is a key access into indexes the evaluator precomputes (data.entities), so its cost does not
# grow with the size of the organization. The accounts, and what is found by address, are held in shards (so that
# the evaluator loads a large organization a shard at a time): an account in the shard the evaluator names with it
# (input.accountShard, an entry's shard), what is at an address in the shard of its last character.
package rampart.context

# user_id is the principal's user: the principal is a user id or the id of one of the user's credentials.
user_id := input.principal if {
	data.entities.users[input.principal]
} else := data.entities.credentials[input.principal]

user := data.entities.users[user_id]

# account is the resource account of the request, when the request names one.
account := data.entities.accounts[input.accountShard][input.resource]

# request_intent is the request's intent, or an empty one for requests without (grantPermission, signRaw).
request_intent := object.get(input, "intent", {})

# resolved_user maps a user id or credential id to its user id.
resolved_user(id) := id if {
	data.entities.users[id]
} else := data.entities.credentials[id]

# account_at finds the organization account at an address on a chain (accounts without a chain match any). The
# evaluator files at most one account per address and chain.
account_at(chain, address) := data.entities.accounts[entry.shard][entry.id] if {
	some entry in data.entities.accountsByAddress[address_shard(address)][address]
	entry.chainId == chain
} else := data.entities.accounts[chainless.shard][chainless.id] if {
	chainless := data.entities.chainlessAccounts[address_shard(address)][address]
}

# address_shard is the shard what is at an address is held in: its last character (a hex digit of an EVM address).
address_shard(address) := substring(address, count(address) - 1, 1)

# address_book_entry finds the address-book entry for an address on a chain (at most one: the evaluator files one
# per address and chain).
address_book_entry(chain, address) := entry if {
	some entry in data.entities.addressBook[address]
	entry.chainId == chain
}

# source_address is the sender: the intent's from, else the resource account.
source_address(intent) := intent.from if {
	intent.from
} else := account.address

# destination_address is the receiver of value: the intent's recipient, else the `to` of a native transfer.
destination_address(intent) := intent.recipient if {
	intent.recipient
} else := intent.to if {
	intent.type == "nativeTransfer"
}

# intent_chain is the chain of an intent, else of the resource account.
intent_chain(intent) := intent.chainId if {
	intent.chainId
} else := account.chainId

# classification is an address's address-book classification; organization accounts absent from the
# address book are managed.
classification(chain, address) := entry.classification if {
	entry := address_book_entry(chain, address)
} else := "managed" if account_at(chain, address)

# party_ids are the ids an address is known by: its organization account and its address-book entry.
party_ids(chain, address) := {id | id := account_at(chain, address).id} | {id |
	id := address_book_entry(chain, address).id
}

# The parties of the request's own intent, resolved once per evaluation (the functions above serve inner intents).
request_chain := intent_chain(request_intent)

request_source := source_address(request_intent)

request_source_classification := classification(request_chain, request_source)

request_source_account := account_at(request_chain, request_source)

request_source_ids := party_ids(request_chain, request_source)

request_destination := destination_address(request_intent)

request_destination_classification := classification(request_chain, request_destination)

request_destination_account := account_at(request_chain, request_destination)

request_destination_ids := party_ids(request_chain, request_destination)
