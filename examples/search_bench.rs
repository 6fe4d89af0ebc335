//! Prints the search bench report (the same as `pbrain-tengen bench`).
fn main() {
    tengen::search::bench::run(&mut std::io::stdout()).expect("stdout");
}
