// The size of Node's thread pool (libuv's, UV_THREADPOOL_SIZE) for a server process. Node runs file
// reads, compression and password hashing on it, and DuckDB's Node package runs each query on it,
// holding a thread until the query ends. The store runs up to STORE_CONNECTIONS queries at once
// (src/server/store/duckdb.ts): with Node's default of 4 threads, a file read, a response's
// compression or a password check would wait until a query ended. So the pool gets that many threads
// more than the queries can hold. Node sizes the pool when it first uses it, which loading an ES
// module already does: set it in the environment of the process, or first thing in a CommonJS entry.
const STORE_CONNECTIONS = 4;
const NODE_DEFAULT_THREADS = 4;

/** The pool size for a server process: the environment's UV_THREADPOOL_SIZE when set. */
function serverThreadPoolSize(env = process.env) {
  return env.UV_THREADPOOL_SIZE || String(STORE_CONNECTIONS + NODE_DEFAULT_THREADS);
}

module.exports = { serverThreadPoolSize };
