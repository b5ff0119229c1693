//! A Ballista executor that knows weburl's functions.
//!
//! `weburl-ballista-executor [SCHEDULER_HOST [SCHEDULER_PORT [PORT
//! [EXTERNAL_HOST]]]]` (default `localhost 50050 50051`): PORT is the Arrow
//! Flight service's, PORT + 1 the gRPC service's; EXTERNAL_HOST is the name
//! the scheduler and other executors reach this one by.

use ballista_executor::executor_process::{start_executor_process, ExecutorProcessConfig};
use std::sync::Arc;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let scheduler_host = args.next().unwrap_or_else(|| "localhost".to_string());
    let scheduler_port: u16 = args.next().map_or(Ok(50050), |p| p.parse())?;
    let port: u16 = args.next().map_or(Ok(50051), |p| p.parse())?;
    let external_host = args.next();
    let config = ExecutorProcessConfig {
        scheduler_host,
        scheduler_port,
        bind_host: "0.0.0.0".to_string(),
        external_host,
        port,
        grpc_port: port.saturating_add(1),
        override_function_registry: Some(Arc::new(weburl_ballista::function_registry())),
        ..ExecutorProcessConfig::default()
    };
    start_executor_process(Arc::new(config)).await?;
    Ok(())
}
