//! The designer's desk: starting a project (`init.rs`, `goti init`) and
//! rerunning what changed (`watch.rs`, `goti watch`).

pub mod init;
pub mod textmate;
pub mod vim;
pub mod watch;
