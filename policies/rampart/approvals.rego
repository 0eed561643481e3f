# Approvals of a permit: each requirement needs N approvals from users, user groups or roles, counting the
# principal's own approval or not. Approvals arrive verified, as user ids or credential ids.
package rampart.approvals

import data.rampart.context as ctx

# approvers are the users who approved the request.
approvers := {ctx.resolved_user(id) | some id in input.approvals}

# approved_by lists the users whose approvals count toward one requirement of a policy, sorted.
approved_by(requirement) := sort([user | some user in counted(requirement); qualifies(requirement, user)])

counted(requirement) := approvers | {ctx.user_id} if requirement.countPrincipal

counted(requirement) := approvers - {ctx.user_id} if not requirement.countPrincipal

qualifies(requirement, user) if {
	requirement.approvalEntityType == "user"
	user in requirement.entityIds
}

qualifies(requirement, user) if {
	requirement.approvalEntityType == "userGroup"
	some group in requirement.entityIds
	data.entities.users[user].groups[group]
}

qualifies(requirement, user) if {
	requirement.approvalEntityType == "userRole"
	data.entities.users[user].role in requirement.entityIds
}
