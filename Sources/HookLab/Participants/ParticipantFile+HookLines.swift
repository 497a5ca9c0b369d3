// The participant file's parser (issue 45 §3): ParticipantFile.Parser holds what the lines said so far; this file reads the
// lines of a method hook (`hook`, `target`) and of a task-class hook (`task-classes`, `task-factories`).
import Foundation
import ObjCModel
import UIKitModel
import LibraryModels

extension ParticipantFile.Parser {
    /// A line of a method hook or a task-class hook; false for another kind.
    mutating func readHookLine() throws(InputFileError) -> Bool {
        switch keyword {
        case "target":
            // `target ViewController -viewWillAppear:`: a method target the hook runs on (default: every one).
            let all = MethodHookParticipant.allTargets
            guard all.contains(rest) else {
                throw fail(number, "unknown method target '\(Scenario.clip(rest))'\(Scenario.suggestion(rest, all)); expected one of \(all.joined(separator: ", "))")
            }
            guard !targets.contains(where: { $0.name == rest }) else { throw fail(number, "target '\(rest)' is listed twice") }
            targets.append((rest, number))
        case "task-classes":
            do { taskClassHook = (try ParticipantFile.taskClasses(args), number) } catch { throw fail(number, error.message) }
        case "task-factories":
            // `task-factories resume`: New Relic's factory SETIMP, and through it `resume` (URLSessionTaskFactories).
            guard args == ["resume"] else { throw fail(number, "expected 'task-factories resume'") }
            taskFactoriesLine = number
        case "hook":
            guard args.count == 1 else { throw fail(number, "expected 'hook exchange|imp|forward-invocation|subclass'") }
            if let (_, previous) = hook { throw fail(number, "a second 'hook' line; line \(previous) already says how \(id?.0 ?? "the SDK") hooks the method") }
            hook = (try choice(args[0], "method hook"), number)
        default:
            return false
        }
        return true
    }
}
