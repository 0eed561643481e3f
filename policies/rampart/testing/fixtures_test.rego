# Fixtures for the library's tests: an organization, already in the indexed form the evaluator loads, and
# helpers that index a list of policies the way the evaluator does.
package rampart.testing

usdc := "eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"

treasury := "0x1111111111111111111111111111111111111111"

ops := "0x2222222222222222222222222222222222222222"

counterparty := "0x3333333333333333333333333333333333333333"

stranger := "0x4444444444444444444444444444444444444444"

entities := {
	"users": {
		"alice": {"role": "admin", "groups": {"treasury-team": true}},
		"bob": {"role": "member", "groups": {}},
		"carol": {"role": "member", "groups": {"treasury-team": true}},
		"dave": {"role": "manager", "groups": {"treasury-team": true}},
		"root": {"role": "root", "groups": {}},
	},
	"credentials": {"alice-key": "alice"},
	# In shards, as the evaluator holds them: an account in the shard of its id (account_shards), what is at an
	# address in the shard of the address's last character.
	"accounts": {
		"c": {"treasury": {"id": "treasury", "address": treasury, "chainId": 1, "accountType": "eoa", "groups": {"cold": true}}},
		"9": {"ops": {"id": "ops", "address": ops, "chainId": 1, "accountType": "4337", "groups": {}}},
	},
	"accountsByAddress": {
		"1": {treasury: [{"chainId": 1, "id": "treasury", "shard": "c"}]},
		"2": {ops: [{"chainId": 1, "id": "ops", "shard": "9"}]},
	},
	"chainlessAccounts": {},
	"addressBook": {counterparty: [{"chainId": 1, "id": "acme", "classification": "counterparty"}]},
	"assignments": {"bob": {"ops": true}},
	"decimals": {usdc: 6},
}

# transfer is a decoded ERC-20 transfer of 1,000 USDC from the treasury to the counterparty.
transfer := {
	"type": "erc20Transfer",
	"chainId": 1,
	"from": treasury,
	"to": "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
	"contract": "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
	"hexSignature": "0xa9059cbb",
	"token": usdc,
	"amount": "1000000000",
	"recipient": counterparty,
}

request := {
	"action": "signTransaction",
	"principal": "bob",
	"resource": "treasury",
	"intent": transfer,
	"sets": ["org"],
}

# set files every policy in one bucket, "all", which every request's input names (indexed): the evaluator's index
# only narrows the candidates, and each criterion is still checked here.
set(policies) := {
	"policies": [{
		"id": p.id,
		"then": p.then,
		"approvals": [r | some c in p.when; c.criterion == "checkApprovals"; some alternative in alternatives(c.args); some r in alternative],
		"approvalSets": approval_sets(p),
		"heldCriteria": [c | some c in p.when; c.criterion != "checkApprovals"],
	} |
		some p in policies
	],
	"buckets": {"all": bucket(policies)},
}

# alternatives are the sets of requirements of one checkApprovals: one list, or the sets of anyOf.
alternatives(args) := [args] if is_array(args)

else := args.anyOf

# approval_sets names each set of a policy's approvals by index, as the evaluator does: one set of all of them, or,
# for a policy whose one checkApprovals has alternatives, one set per alternative (the fixtures go no further).
approval_sets(p) := [[k | some k, _ in all]] if {
	all := [r | some c in p.when; c.criterion == "checkApprovals"; is_array(c.args); some r in c.args]
	count([c | some c in p.when; c.criterion == "checkApprovals"; not is_array(c.args)]) == 0
} else := [shifted(offsets[k], alternative) | some k, alternative in c.args.anyOf] if {
	[c] := [c | some c in p.when; c.criterion == "checkApprovals"]
	sizes := [count(alternative) | some alternative in c.args.anyOf]
	offsets := [sum(array.slice(sizes, 0, k)) | some k, _ in sizes]
}

shifted(offset, alternative) := [k | some j, _ in alternative; k := offset + j]

# account_shards names the shard each fixture account is held in: what the evaluator's idShard (libraryLayout.ts)
# picks for its id.
account_shards := {"treasury": "c", "ops": "9", "entrypoint-account": "c"}

# indexed is a request as the evaluator gives it to the library: naming the candidate buckets of each policy set,
# and the shard of its account.
indexed(req) := object.union(named, {"accountShard": account_shards[req.resource]}) if {
	named := object.union(req, {"buckets": {set: ["all"] | some set in req.sets}})
	account_shards[req.resource]
} else := object.union(req, {"buckets": {set: ["all"] | some set in req.sets}})

# bucket lists each policy as [index, criteria], each criterion as [family, name, arguments]; a limit's arguments
# carry the key of its totals in the input.
bucket(policies) := [[i, [[families[c.criterion], criterion_name(c, p), criterion_args(c, p, i, j)] |
	some j, c in p.when
	families[c.criterion]
]] |
	some i, p in policies
]

# criterion_name is the name the evaluator files a criterion under: in a forbid, the token and amount criteria
# (those of the calls of checkUserOperationIntents too) hold when any allowance of a Permit2 batch meets them, and
# the NFT token id criteria when any transfer the intent lists moves the token id, the deadline criterion any time bound;
# the gas fee criterion also holds when a request that pays gas has no known fee, and the permission criterion when
# any permission requested is listed.
criterion_name(c, p) := concat(":", ["anyAllowance", c.criterion]) if {
	p.then == "forbid"
	c.criterion in {"checkIntentAmount", "checkIntentToken", "checkERC721TokenId", "checkERC1155TokenId", "checkPermitDeadline"}
} else := concat(":", ["orUnknown", c.criterion]) if {
	p.then == "forbid"
	c.criterion in {"checkGasFeeAmount", "checkRequestTime"}
} else := concat(":", ["anyPermission", c.criterion]) if {
	p.then == "forbid"
	c.criterion == "checkPermission"
} else := c.criterion

criterion_args(c, p, i, j) := object.union(c.args, {"key": sprintf("org/%d/%d", [i, j])}) if {
	c.criterion in {"checkSpendingLimit", "checkRateLimit"}
} else := [object.union(inner, {"criterion": criterion_name(inner, p)}) | some inner in c.args] if {
	c.criterion == "checkUserOperationIntents"
	is_array(c.args)
} else := {"anyOf": [{"types": set.types, "when": [object.union(inner, {"criterion": criterion_name(inner, p)}) |
	some inner in object.get(set, "when", [])
]} |
	some set in c.args.anyOf
]} if {
	c.criterion == "checkUserOperationIntents"
} else := object.get(c, "args", null)

# families is the family of each criterion, as the evaluator files them (CRITERION_FAMILIES); the fixtures also
# file checkAction and checkIntentType, which the evaluator's index resolves.
families := {
	"checkAction": "request",
	"checkIntentType": "intent",
	"checkResource": "request",
	"checkPermission": "request",
	"checkPrincipalId": "principal",
	"checkPrincipalRole": "principal",
	"checkPrincipalGroup": "principal",
	"checkAccountId": "account",
	"checkAccountAddress": "account",
	"checkAccountType": "account",
	"checkAccountChainId": "account",
	"checkAccountGroup": "account",
	"checkAccountAssigned": "account",
	"checkSourceId": "parties",
	"checkSourceAddress": "parties",
	"checkSourceAccountType": "parties",
	"checkSourceClassification": "parties",
	"checkDestinationId": "parties",
	"checkDestinationAddress": "parties",
	"checkDestinationAccountType": "parties",
	"checkDestinationClassification": "parties",
	"checkRecipientIsSender": "parties",
	"checkIntentChainId": "intent",
	"checkIntentAmount": "intent",
	"checkIntentContract": "intent",
	"checkIntentToken": "intent",
	"checkIntentSpender": "intent",
	"checkIntentHexSignature": "intent",
	"checkIntentFlags": "intent",
	"checkERC721TokenId": "tokens",
	"checkERC1155TokenId": "tokens",
	"checkERC1155Transfers": "tokens",
	"checkIntentMessage": "signing",
	"checkIntentPayload": "signing",
	"checkIntentAlgorithm": "signing",
	"checkIntentDomain": "signing",
	"checkIntentTypedDataMessage": "signing",
	"checkPermitDeadline": "transaction",
	"checkGasFeeAmount": "transaction",
	"checkNonceExists": "transaction",
	"checkNonceNotExists": "transaction",
	"checkRequestTime": "calendar",
	"checkEntryPointAddress": "user_operation",
	"checkEntryPointId": "user_operation",
	"checkEntryPointAccountType": "user_operation",
	"checkEntryPointClassification": "user_operation",
	"checkUserOperationIntents": "user_operation",
	"someCall": "user_operation",
	"checkSpendingLimit": "limits",
	"checkRateLimit": "limits",
}

# holds evaluates one criterion alone for a request: a permit policy with that criterion matches.
holds(criterion, req) if {
	d := data.rampart.main.report with input as indexed(req)
		with data.entities as entities
		with data.sets as {"org": set([{"id": "p", "then": "permit", "when": [criterion]}])}
	d.decision == "Permit"
}

# decide evaluates a request against policies.
decide(policies, req) := d if {
	d := data.rampart.main.report with input as indexed(req)
		with data.entities as entities
		with data.sets as {"org": set(policies)}
}

# with_intent is the sample request carrying another intent (object.union would merge the two intents).
with_intent(intent) := object.union(object.remove(request, ["intent"]), {"intent": intent})
