export declare const webDistDir: string;
export declare function webBuildReason(): string | undefined;
export declare function ensureWebBuild(options?: { log?: (line: string) => void }): boolean;
