import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

@Suite struct DeviceTests {
    @Test func readyWorldHasOneConnectedRayBan() throws {
        let world = SimulatedWorld.ready()
        let device = try #require(world.wearables.deviceForIdentifier(world.pair.identifier))
        #expect(device.type == .rayBanMeta)
        #expect(device.linkState == .connected)
        #expect(device.batteryLevel == 80)
        #expect(device.donState == .donned)
        #expect(device.hingeState == .open)
        #expect(device.compatibility == .compatible)
        #expect(device.nameOrId() == "Ray-Ban Meta")
        #expect(!device.supportsDisplay)
        #expect(world.wearables.registrationState == .registered)
        #expect(world.wearables.checkPermissionStatus(.camera) == .granted)
    }

    @Test func glassesUnpairedWhileUpdatingFirmwareStayGone() {
        let world = SimulatedWorld.ready()
        let pair = world.pair  // held here, as an embedder may hold it
        pair.updateFirmware()
        world.kit.unpair(pair)
        world.scheduler.run(for: SimulatedGlasses.firmwareUpdateDuration + 2)
        #expect(world.wearables.deviceList.isEmpty)
    }

    @Test func listenersFireAtOnceThenOnChangesUntilCancelled() throws {
        let world = SimulatedWorld.empty()
        world.kit.reset(registered: true)  // an unregistered app sees no devices
        let lists = Recorder<[DeviceIdentifier]>()
        lists.token = world.wearables.addDevicesListener { lists.append($0) }
        world.scheduler.run(for: 0)
        #expect(lists.values == [[]])
        let pair = world.kit.pairGlasses()
        world.scheduler.run(for: 0)
        #expect(lists.values == [[], [pair.identifier]])
        let device = try #require(world.wearables.deviceForIdentifier(pair.identifier))
        let links = Recorder<LinkState>()
        links.token = device.addLinkStateListener { links.append($0) }
        pair.powerOn()
        pair.unfold()
        world.scheduler.run(for: 2)
        #expect(links.values == [.disconnected, .connecting, .connected])
        links.token?.cancel()
        pair.fold()
        world.scheduler.run(for: 1)
        #expect(links.values.count == 3)
        #expect(device.linkState == .disconnected)
    }

    @Test func autoSelectorPrefersConnectedAndFollowsTheList() {
        let world = SimulatedWorld.empty()
        world.kit.reset(registered: true)
        let first = world.kit.pairGlasses()
        let second = world.kit.pairReadyGlasses(model: .oakleyMetaHSTN)
        let auto = AutoDeviceSelector(wearables: world.wearables)
        #expect(auto.activeDevice == second.identifier)
        second.fold()
        #expect(auto.activeDevice == first.identifier, "no device connected: the first one")
        let filtered = AutoDeviceSelector(wearables: world.wearables) { $0.type == .oakleyMetaHSTN }
        #expect(filtered.activeDevice == second.identifier)
        second.unpair()
        #expect(filtered.activeDevice == nil)
        let specific = SpecificDeviceSelector(device: "x", scheduler: world.scheduler)
        #expect(specific.activeDevice == "x")
    }
}
