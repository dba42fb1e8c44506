// The rule lives in core (core/kernel/decode.ts), so every host holds input to it alike.
export { unstorableTextError, unstorableTextPath } from '../../core/kernel/decode.js';
