import Dispatch
import Testing
import ThreadOwnership

/// The one thread-ownership check: a use claims the object for its thread until it ends.
@Suite struct ThreadOwnerTests {
    /// What `check()` asks, from another thread, while `owner` is or is not in use here.
    private func seenFromAnotherThread(_ owner: ThreadOwner) -> Bool {
        let answer = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detach {
            answer.value = owner.isCurrentOrIdle
            done.signal()
        }
        done.wait()
        return answer.value
    }

    @Test func aUseClaimsTheObjectForItsThreadUntilItEnds() {
        let owner = ThreadOwner("a test object")
        #expect(owner.isCurrentOrIdle && seenFromAnotherThread(owner), "idle: anyone may touch it")
        let claimed = owner.enter()
        #expect(claimed)
        #expect(owner.isCurrentOrIdle, "the using thread may")
        #expect(!seenFromAnotherThread(owner), "another thread may not while it is in use")
        #expect(!owner.enter(), "a nested use on the same thread claims nothing")
        owner.leave()
        #expect(seenFromAnotherThread(owner), "after the use, another thread may claim it")
    }
}

private final class AnswerBox: @unchecked Sendable {
    var value = false
}

private enum Thread {
    static func detach(_ body: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: body)
    }
}
