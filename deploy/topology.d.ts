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
