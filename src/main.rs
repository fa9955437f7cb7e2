fn main() {
    std::process::exit(goti::cli::main());
}
