# A constant entrypoint: evaluating it measures what opa-wasm costs around any policy (input transfer,
# result decoding), the baseline the evaluator's benchmark reports against.
package rampart.baseline

noop := true
