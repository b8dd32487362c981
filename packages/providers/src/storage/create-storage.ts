import { createLocalFolderStorage, type LocalFolderStorageConfig } from './local-folder.adapter.ts';
import { createS3Storage, type S3StorageConfig } from './s3.adapter.ts';
import type { Storage } from './storage.port.ts';

export type StorageConfig = ({ driver: 'local' } & LocalFolderStorageConfig) | ({ driver: 's3' } & S3StorageConfig);

/** The one place that picks the storage adapter from configuration (local folder by default, S3 when configured). */
export function createStorage(config: StorageConfig): Storage {
  switch (config.driver) {
    case 'local':
      return createLocalFolderStorage({ root: config.root });
    case 's3': {
      const { driver: _driver, ...s3 } = config;
      return createS3Storage(s3);
    }
    default: {
      const unknown: never = config;
      throw new Error(`Unknown storage driver: ${(unknown as { driver: string }).driver}`);
    }
  }
}
