import path from 'node:path';
import type { BlobStore } from '../core/media/blob-store.js';
import { filesystemBlobStore } from '../adapters/blob/filesystem-blob-store.js';
import { minioBlobStore } from '../adapters/blob/minio-blob-store.js';
import type { Config } from './config.js';

/** Media bytes: MinIO/S3 when S3_ENDPOINT is set, else files under DATA_DIR/media (the embedded default). */
export const configuredBlobStore = (config: Config): BlobStore =>
  config.s3 !== null
    ? minioBlobStore({ endPoint: config.s3.endpoint, accessKey: config.s3.accessKey, secretKey: config.s3.secretKey, bucket: config.s3.bucket, region: config.s3.region })
    : filesystemBlobStore(path.join(config.dataDir, 'media'));
