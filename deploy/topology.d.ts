export interface Mail {
  to: string[];
  /** The message as received, headers and body. */
  raw: string;
}

export interface Backend {
  port: number;
  trainingPort: number;
  dataDir: string;
  down: boolean;
  output: string;
}

export interface Topology {
  urls: { agentApp: string; staffApp: string; mainApi: string; trainingApi: string };
  smtp: { url: string; mails: Mail[] };
  s3: { bucket: string; endpoint: string; directory: string };
  backends: Backend[];
  /** The backend's environment in this topology (database, store, mail). */
  env: Record<string, string>;
  /** Runs a command to its end with that environment and `overrides`; answers its output. */
  run(command: string, args?: string[], overrides?: Record<string, string>): Promise<string>;
  /** One more backend process outside the proxy, on `overrides` (another database, bucket). */
  startLoneBackend(
    overrides: Record<string, string>,
  ): Promise<{ url: string; stop(): Promise<number | null> }>;
  /** Takes one process out of nginx's rotation, stops it gracefully, starts it, puts it back. */
  restartBackend(index: number): Promise<void>;
  stop(): Promise<void>;
}

export function startTopology(options?: {
  processes?: number;
  base?: number;
  agentDist?: string;
  staffDist?: string;
  backendCommand?: string[];
  log?: (line: string) => void;
}): Promise<Topology>;
