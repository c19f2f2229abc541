import Foundation
import Testing
@testable import WireServing
import WearablesWire

/// The per-client queue: frames dropped and counted when full, replies never dropped.
struct OutboundQueueTests {
    @Test func aFullFrameQueueDropsAndReportsBeforeTheFrames() async {
        let queue = OutboundQueue(frameLimit: 2, messageLimit: 100)
        for index in 0..<10 {
            #expect(queue.hasRoomForFrame == (index < 2))
            queue.offerFrame(stream: 3, queue.hasRoomForFrame ? Data([UInt8(index)]) : nil)
        }
        queue.send(.reply(id: 1, .success(.done)))
        #expect(queue.droppedFrames(of: 3) == 8)
        #expect(await queue.next() == .text(String(decoding: ServerMessage.reply(id: 1, .success(.done)).encoded(), as: UTF8.self)))
        #expect(await queue.next() == .text(String(decoding: ServerMessage.event(.framesDropped(stream: 3, total: 8)).encoded(), as: UTF8.self)))
        #expect(await queue.next() == .binary(Data([0])))
        #expect(await queue.next() == .binary(Data([1])))
        queue.finish(close: (1000, "bye"))
        #expect(await queue.next() == .close(code: 1000, reason: "bye"))
        #expect(await queue.next() == nil)
    }

    @Test func aClientThatReadsNothingIsClosedRatherThanQueuedForever() async {
        let queue = OutboundQueue(frameLimit: 1, messageLimit: 3)
        for id in 0..<5 { queue.send(.reply(id: id, .success(.done))) }
        guard case .close(let code, let reason) = await queue.next() else { return #expect(Bool(false)) }
        #expect(code == 1008)
        #expect(reason.contains("too slow"))
        #expect(await queue.next() == nil)
    }

    @Test func aWaitingWriterIsWokenByTheNextMessage() async {
        let queue = OutboundQueue(frameLimit: 1, messageLimit: 10)
        async let next = queue.next()
        queue.send(.event(.deviceRemoved("x")))
        #expect(await next == .text(String(decoding: ServerMessage.event(.deviceRemoved("x")).encoded(), as: UTF8.self)))
    }
}
