#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesBridgeCore
@testable import GlassesBridge
import MWDATCore
import Testing
import WearablesCore

/// Registration, devices, permissions and the Meta AI app's pages, driven on the stand-in
/// and seen through the bridge-facing protocol, with DAT's errors as the core's domain and code.
@Suite struct MetaWearablesTests {
    @Test func registrationIsHeardAtOnceThenThroughTheMetaAIAppsCallback() async throws {
        let world = StandInWorld()
        let states = Recorder<WearablesCore.RegistrationState>()
        _ = world.adapter.addRegistrationStateListener(states.listener)
        try await world.adapter.startRegistration()
        #expect(try await world.meta.handleUrl(#require(URL(string: "app://callback"))))
        #expect(states.heard == [.available, .registering, .registered])
        #expect(world.adapter.registrationState == .registered)
    }

    @Test func aFailedRegistrationCrossesAsDATsDomainAndCase() async {
        let world = StandInWorld()
        world.meta.failNextRegistration(with: .metaAINotInstalled)
        await #expect(throws: WearablesCore.RegistrationError.metaAINotInstalled) { try await world.adapter.startRegistration() }
        await #expect(throws: WearablesCore.UnregistrationError.alreadyUnregistered) { try await world.adapter.startUnregistration() }
        world.meta.failNextUnregistration(with: .configurationInvalid)
        await #expect(throws: WearablesCore.UnregistrationError.configurationInvalid) { try await world.adapter.startUnregistration() }
        let error: any WearablesError = WearablesCore.RegistrationError.metaAINotInstalled
        #expect((error.domain, error.code) == ("RegistrationError", "metaAINotInstalled"))
    }

    @Test func aDeviceAppearsWithItsStateAndItsChangesFollow() throws {
        let world = StandInWorld()
        let lists = Recorder<[String]>()
        _ = world.adapter.addDevicesListener(lists.listener)
        let second = MWDATCore.Device(identifier: "metaRayBanDisplay-1", name: "Display", type: .metaRayBanDisplay, state: .init())
        world.meta.pair(second)
        #expect(lists.heard == [[StandInWorld.glasses], [StandInWorld.glasses, "metaRayBanDisplay-1"]])

        let device = try #require(world.adapter.deviceForIdentifier(StandInWorld.glasses))
        #expect(device.snapshot == DeviceSnapshot(
            identifier: StandInWorld.glasses, name: "Ray-Ban Meta", type: .rayBanMeta, linkState: .connected, batteryLevel: 80,
            chargingState: .notCharging, donState: .donned, hingeState: .open, thermalLevel: .none, compatibility: .compatible))

        let changes = Recorder<DATDeviceState>()
        _ = device.addDeviceStateListener(changes.listener)
        world.device.report(.init(linkState: .connected, compatibility: .compatible, batteryLevel: 79, donState: .doffed, hingeState: .closed, thermalLevel: .severe))
        #expect(changes.heard == [DATDeviceState(
            linkState: .connected, compatibility: .compatible, batteryLevel: 79, chargingState: .unknown, donState: .doffed,
            hingeState: .closed, thermalLevel: .severe)])
        #expect(world.adapter.deviceForIdentifier("nobody") == nil)
    }

    @Test func aCancelledListenerHearsNoMore() async {
        let world = StandInWorld()
        let lists = Recorder<[String]>()
        let token = world.adapter.addDevicesListener(lists.listener)
        await token.cancel()
        world.meta.forget(StandInWorld.glasses)
        #expect(lists.heard == [[StandInWorld.glasses]])
    }

    @Test func permissionsAreAskedOfTheMetaAIAppAndItsErrorsCross() async throws {
        let world = StandInWorld()
        #expect(try await world.adapter.checkPermissionStatus(.camera) == .denied)
        #expect(try await world.adapter.requestPermission(.camera) == .granted)
        #expect(try await world.adapter.checkPermissionStatus(.camera) == .granted)
        world.meta.answerNextRequest(for: .microphone, with: .failure(.requestTimeout))
        await #expect(throws: WearablesCore.PermissionError.requestTimeout) { try await world.adapter.requestPermission(.microphone) }
        world.meta.answerNextRequest(for: .microphone, with: .success(.denied))
        #expect(try await world.adapter.requestPermission(.microphone) == .denied)
    }

    @Test func updatePagesOpenInTheMetaAIAppOrFailWithNavigationError() async throws {
        let world = StandInWorld()
        try await world.adapter.openFirmwareUpdate()
        try await world.adapter.openDATGlassesAppUpdate()
        #expect(world.meta.openedPages == ["firmwareUpdate", "datGlassesAppUpdate"])
        world.meta.failNavigation(with: .notRegistered)
        await #expect(throws: WearablesCore.NavigationError.notRegistered) { try await world.adapter.openFirmwareUpdate() }
    }

    @Test func aSessionNeedsAKnownDeviceAndOneAtATime() throws {
        let world = StandInWorld()
        #expect(throws: WearablesCore.DeviceSessionError.noEligibleDevice) { try world.adapter.createSession(device: "nobody") }
        let session = try world.adapter.createSession(device: StandInWorld.glasses)
        #expect(session.deviceId == StandInWorld.glasses)
        #expect(throws: WearablesCore.DeviceSessionError.sessionAlreadyExists) { try world.adapter.createSession(device: StandInWorld.glasses) }
    }
}
