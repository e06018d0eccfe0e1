/** The API server's Node flags (server-node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
