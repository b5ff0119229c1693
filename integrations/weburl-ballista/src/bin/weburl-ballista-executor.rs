//! A Ballista executor that knows weburl's functions.
//!
//! `weburl-ballista-executor [SCHEDULER_HOST [SCHEDULER_PORT [PORT]]]`
//! (default `localhost 50050 50051`; the Flight port is PORT + 1).

use ballista_executor::executor_process::{start_executor_process, ExecutorProcessConfig};
use std::sync::Arc;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let scheduler_host = args.next().unwrap_or_else(|| "localhost".to_string());
    let scheduler_port: u16 = args.next().map_or(Ok(50050), |p| p.parse())?;
    let port: u16 = args.next().map_or(Ok(50051), |p| p.parse())?;
    let config = ExecutorProcessConfig {
        scheduler_host,
        scheduler_port,
        bind_host: "0.0.0.0".to_string(),
        port,
        grpc_port: port.saturating_add(1),
        override_function_registry: Some(Arc::new(weburl_ballista::function_registry())),
        ..ExecutorProcessConfig::default()
    };
    start_executor_process(Arc::new(config)).await?;
    Ok(())
}
