// The `hooklab` executable: forwards its arguments to `CLI` (see `hooklab --help`).
import Foundation
import HookLabCLI

exit(CLI().main(arguments: Array(CommandLine.arguments.dropFirst())))
