// The DAT model's values (devices, states, errors, settings, pictures, the wire's vocabulary) live in
// WearablesModel, portable Swift an iOS app can build; WearablesCore runs them, codecs and all.
@_exported import WearablesModel
