# fails gathers, per policy set, the policies that a criterion rules out. Each file names its own rules so that
# the compiled plan (and the committed WASM) does not depend on the order in which files are loaded.
package rampart.criteria

fails := ((((((((request_fails | principal_fails) | account_fails) | parties_fails) | intent_fails) | tokens_fails) | signing_fails) | transaction_fails) | user_operation_fails) | limits_fails
