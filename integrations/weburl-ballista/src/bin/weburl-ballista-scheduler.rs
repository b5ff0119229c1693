//! A Ballista scheduler whose sessions have weburl's functions.
//!
//! `weburl-ballista-scheduler [BIND_HOST [PORT]]` (default `0.0.0.0 50050`).

use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use ballista_scheduler::scheduler_process::start_server;
use std::sync::Arc;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let host = args.next().unwrap_or_else(|| "0.0.0.0".to_string());
    let port: u16 = args.next().map_or(Ok(50050), |p| p.parse())?;
    let config = SchedulerConfig {
        bind_host: host.clone(),
        bind_port: port,
        override_session_builder: Some(weburl_ballista::scheduler_session_builder()),
        ..SchedulerConfig::default()
    };
    let cluster = BallistaCluster::new_from_config(&config).await?;
    let address = format!("{host}:{port}").parse()?;
    start_server(cluster, address, Arc::new(config)).await?;
    Ok(())
}
