import Foundation
import Testing
import WearablesCore

@Suite struct SchedulerTests {
    @Test func eventsRunInTimeOrderAndTiesInInsertionOrder() {
        let scheduler = Scheduler()
        var log: [String] = []
        scheduler.schedule(after: 2) { log.append("b") }
        scheduler.schedule(after: 1) { log.append("a1") }
        scheduler.schedule(after: 1) { log.append("a2") }
        scheduler.schedule(after: 0) { log.append("now") }
        #expect(scheduler.runUntilIdle() == .idle)
        #expect(log == ["now", "a1", "a2", "b"])
        #expect(scheduler.now == 2)
    }

    @Test func cancelledEventsDoNotRun() {
        let scheduler = Scheduler()
        var ran = false
        let token = scheduler.schedule(after: 1) { ran = true }
        token.cancel()
        #expect(scheduler.runUntilIdle() == .idle)
        #expect(!ran)
    }

    @Test func deadlineStopsBeforeLaterEventsAndAdvancesTime() {
        let scheduler = Scheduler()
        var ran = false
        scheduler.schedule(after: 10) { ran = true }
        #expect(scheduler.run(until: 5) == .deadline)
        #expect(scheduler.now == 5)
        #expect(!ran)
        #expect(scheduler.run(for: 5) == .idle, "the last event ran, nothing is left")
        #expect(ran)
        #expect(scheduler.now == 10)
    }

    @Test func stopEndsTheRunFromInsideAnEvent() {
        let scheduler = Scheduler()
        var later = false
        scheduler.schedule(after: 1) { scheduler.stop() }
        scheduler.schedule(after: 2) { later = true }
        #expect(scheduler.runUntilIdle() == .stopped)
        #expect(!later)
        #expect(scheduler.now == 1)
    }

    @Test func postedActionsRunOnTheLoop() {
        let scheduler = Scheduler()
        let box = UncheckedBox(Flag())
        scheduler.inbox.post { box.value.isSet = true }
        #expect(scheduler.runUntilIdle() == .idle)
        #expect(box.value.isSet)
    }

    @Test func wallClockLoopWaitsForPostedInputUntilTheSourceCloses() {
        let scheduler = Scheduler(clock: .wall)
        let inbox = scheduler.inbox
        let box = UncheckedBox((scheduler, Flag()))
        scheduler.beginExternalInput()
        Thread.detachNewThread {
            inbox.post {
                box.value.1.isSet = true
                box.value.0.endExternalInput()
            }
        }
        #expect(scheduler.runUntilIdle() == .idle)
        #expect(box.value.1.isSet)
    }

    @Test func seededRandomIsReproducible() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42), c = SeededRandom(seed: 43)
        let first = (0..<4).map { _ in a.next() }
        #expect(first == (0..<4).map { _ in b.next() })
        #expect(first != (0..<4).map { _ in c.next() })
    }

    @Test func traceLinesHaveFixedFormatting() {
        let scheduler = Scheduler()
        let buffer = EventTrace.Buffer()
        let trace = EventTrace(scheduler: scheduler, sink: buffer.sink)
        scheduler.schedule(after: 12.5) {
            trace.record(source: "script", event: "note", values: ["text": "a\"b", "n": 3, "x": 0.1, "ok": true])
        }
        scheduler.runUntilIdle()
        #expect(buffer.text == #"{"t":12.5,"source":"script","event":"note","values":{"text":"a\"b","n":3,"x":0.1,"ok":true}}"# + "\n")
    }
}

final class Flag { var isSet = false }

/// Hands loop-thread objects to a posting thread; the test only touches them on the loop.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
