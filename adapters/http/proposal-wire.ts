// The wire shape of a proposal's operations is core's (core/proposals/bodies.ts): the proposals
// routes, the assistant's propose_changes and the account backup's proposal records share it.
export { indexedArray, OperationCodec, OperationData, Operations } from '../../core/proposals/bodies.js';
