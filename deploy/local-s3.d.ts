export interface LocalS3Server {
  endpoint: string;
  /** The backend's S3_* variables that point at `bucket` on this server. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

export declare function startLocalS3(options: {
  directory: string;
  buckets: string[];
}): Promise<LocalS3Server>;
