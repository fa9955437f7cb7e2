//! `cargo xtask`: goti's engine-development commands, kept out of the
//! user's `goti` (rust-analyzer's convention). The commands live in the
//! library's `cli::dev`, beside the printing and errors they share.

fn main() {
    std::process::exit(goti::cli::dev::main());
}
