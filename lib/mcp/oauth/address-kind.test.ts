import { describe, expect, it } from "vitest";
import { type AddressKind, addressKind } from "./address-kind";

describe("addressKind: which network an address is on", () => {
  it.each<[string, AddressKind]>([
    ["127.0.0.1", "loopback"],
    ["127.1.2.3", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["10.0.0.5", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fd00:ec2::254", "private"],
    ["fc00::1", "private"],
    ["169.254.169.254", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["100.64.0.1", "shared"],
    ["224.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["ff02::1", "reserved"],
    // IPv6 spellings of IPv4 addresses are judged by the IPv4 address.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:a9fe:a9fe", "link-local"],
    ["64:ff9b::a00:1", "private"],
    ["2002:7f00:1::", "loopback"],
    ["::127.0.0.1", "loopback"],
    // Public.
    ["93.184.216.34", "public"],
    ["172.32.0.1", "public"],
    ["100.128.0.1", "public"],
    ["2606:4700:4700::1111", "public"],
    ["::ffff:8.8.8.8", "public"],
  ])("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it("refuses something that is not an IP address", () => {
    expect(() => addressKind("localhost")).toThrow(/not an IP address: "localhost"/);
  });
});
