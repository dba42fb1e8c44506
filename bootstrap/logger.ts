import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

/** Structured JSON logs; secrets are redacted wherever a careless log call might put them. */
export const createLogger = (level: Config['logLevel']): Logger =>
  pino({
    level,
    redact: { paths: ['password', '*.password', 'token', '*.token', 'cookie', '*.cookie', 'authorization', '*.authorization', 'req.headers'], censor: '[redacted]' },
  });
