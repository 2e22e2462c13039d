/** The pool size for a server process: the environment's UV_THREADPOOL_SIZE when set (threadPool.cjs). */
export declare function serverThreadPoolSize(env?: NodeJS.ProcessEnv): string;
