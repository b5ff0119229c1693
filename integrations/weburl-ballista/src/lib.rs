//! weburl's DataFusion functions on a Ballista cluster.
//!
//! A query's plan travels from the client to the scheduler and from the
//! scheduler to the executors, and each of them looks a scalar function up
//! by name in its own registry: the functions must be registered on all
//! three. [`session_state`] is the client's (and a standalone scheduler's
//! and executors') state; [`function_registry`] is what a real executor
//! process takes (`ExecutorProcessConfig::override_function_registry`), and
//! [`scheduler_session_builder`] what a real scheduler takes
//! (`SchedulerConfig::override_session_builder`). The binaries
//! `weburl-ballista-scheduler` and `weburl-ballista-executor` are such
//! processes; README.md (integrations) shows how to run them.
//!
//! [`connect_remote`] is a client of a cluster, with the functions;
//! [`start_local_cluster`] starts a scheduler and executors in this process
//! (Ballista's `standalone` feature), for tests.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use ballista::prelude::{SessionConfigExt, SessionContextExt};
use ballista_core::registry::BallistaFunctionRegistry;
use ballista_core::serde::protobuf::scheduler_grpc_client::SchedulerGrpcClient;
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::{SessionState, SessionStateBuilder};
use datafusion::prelude::{SessionConfig, SessionContext};
use std::sync::Arc;
use std::time::Duration;

/// A session state with DataFusion's default functions and weburl's, over
/// `config` (made a Ballista config).
pub fn session_state(config: SessionConfig) -> Result<SessionState> {
    let mut state = SessionStateBuilder::new()
        .with_config(config.upgrade_for_ballista())
        .with_default_features()
        .build();
    weburl_datafusion::register_all(&mut state)?;
    Ok(state)
}

/// Ballista's default executor functions and weburl's.
pub fn function_registry() -> BallistaFunctionRegistry {
    let mut registry = BallistaFunctionRegistry::default();
    for f in weburl_datafusion::all_functions() {
        registry.scalar_functions.insert(f.name().to_string(), f);
    }
    registry
}

/// A scheduler's session builder: each session's state with weburl's
/// functions.
pub fn scheduler_session_builder(
) -> Arc<dyn Fn(SessionConfig) -> Result<SessionState> + Send + Sync> {
    Arc::new(session_state)
}

/// Starts a scheduler and `executors` executors (of `vcores` task slots
/// each) in this process, every one with [`session_state`]`(config)`, and
/// gives a client context connected to them.
pub async fn start_local_cluster(
    config: SessionConfig,
    executors: usize,
    vcores: usize,
) -> Result<SessionContext> {
    let state = session_state(config)?;
    let addr = ballista_scheduler::standalone::new_standalone_scheduler_from_state(&state)
        .await
        .map_err(|e| DataFusionError::External(Box::new(e)))?;
    let url = format!("http://localhost:{}", addr.port());
    for _ in 0..executors {
        let scheduler = connect(&url).await?;
        ballista_executor::new_standalone_executor_from_state(scheduler, vcores.max(1), &state)
            .await
            .map_err(|e| DataFusionError::External(Box::new(e)))?;
    }
    connect_remote(
        &format!("df://localhost:{}", addr.port()),
        config_of(&state),
    )
    .await
}

/// A client context for the scheduler at `url` (`df://host:port`), with
/// weburl's functions. They are registered after connecting: Ballista's
/// `remote_with_state` replaces the state's scalar functions with its own
/// list.
pub async fn connect_remote(url: &str, config: SessionConfig) -> Result<SessionContext> {
    let mut ctx = SessionContext::remote_with_state(url, session_state(config)?).await?;
    weburl_datafusion::register_all(&mut ctx)?;
    Ok(ctx)
}

fn config_of(state: &SessionState) -> SessionConfig {
    state.config().clone()
}

/// A client of the scheduler at `url`, once it answers (up to 10 s).
async fn connect(url: &str) -> Result<SchedulerGrpcClient<tonic::transport::Channel>> {
    let mut last = None;
    for _ in 0..100 {
        match SchedulerGrpcClient::connect(url.to_string()).await {
            Ok(client) => return Ok(client),
            Err(e) => last = Some(e),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(DataFusionError::External(match last {
        Some(e) => Box::new(e),
        None => "scheduler did not answer".into(),
    }))
}
