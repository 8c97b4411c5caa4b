import { describe, expect, it } from "vitest";
import { EndpointPolicy, OAuthEndpointRefusedError, type Resolve } from "./endpoint-policy";

const PUBLIC_SERVER = "https://93.184.216.34/mcp";
const fakeDns =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("EndpointPolicy: where OAuth requests for one MCP server may go", () => {
  it("refuses every scheme but http and https, and credentials in the URL, naming the field", async () => {
    const policy = new EndpointPolicy(PUBLIC_SERVER);
    for (const url of ["file:///etc/passwd", "ftp://example.com/x", "data:application/json,{}", "gopher://x/"])
      await expect(policy.check(url, "the metadata: token_endpoint")).rejects.toThrow(
        /^the metadata: token_endpoint .* uses [a-z]+: \(Fawn sends OAuth requests over http: and https: only\)$/,
      );
    await expect(policy.check("https://user:pw@example.com/token", "token_endpoint")).rejects.toThrow(
      /user name or password/,
    );
    await expect(policy.check("not a url", "registration_endpoint")).rejects.toBeInstanceOf(OAuthEndpointRefusedError);
  });

  it("a public MCP server may not point at loopback, private, link-local or metadata addresses", async () => {
    const policy = new EndpointPolicy(PUBLIC_SERVER, { resolve: fakeDns({}) });
    for (const url of [
      "http://127.0.0.1:6379/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://10.0.0.8/admin",
      "http://[::1]:3000/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0:9/",
    ]) {
      const err = await policy.check(url, "the authorization-server metadata: token_endpoint").catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(OAuthEndpointRefusedError);
      expect((err as Error).message).toContain("the authorization-server metadata: token_endpoint");
      expect((err as Error).message).toContain(`the MCP server ${PUBLIC_SERVER}`);
    }
    await expect(policy.check("https://8.8.8.8/token", "token_endpoint")).resolves.toBeInstanceOf(URL);
  });

  it("judges a host name by every address it resolves to, and says which", async () => {
    const policy = new EndpointPolicy(PUBLIC_SERVER, {
      resolve: fakeDns({ "as.example.com": ["93.184.216.35"], "sneaky.example.com": ["93.184.216.35", "127.0.0.1"] }),
    });
    await expect(policy.check("https://as.example.com/token", "token_endpoint")).resolves.toBeInstanceOf(URL);
    await expect(policy.check("https://sneaky.example.com/token", "token_endpoint")).rejects.toThrow(
      "token_endpoint https://sneaky.example.com/token is refused: sneaky.example.com resolves to 127.0.0.1, a loopback address",
    );
  });

  it("a local dev server may use its own kind of address, but no other", async () => {
    const local = new EndpointPolicy("http://localhost:3001/mcp", {
      resolve: fakeDns({ localhost: ["127.0.0.1", "::1"] }),
    });
    await expect(local.check("http://127.0.0.1:9000/token", "token_endpoint")).resolves.toBeInstanceOf(URL);
    await expect(local.check("http://169.254.169.254/", "token_endpoint")).rejects.toThrow(/link-local/);
    await expect(local.check("http://10.0.0.8/", "token_endpoint")).rejects.toThrow(/private-network/);
    const intranet = new EndpointPolicy("https://10.1.2.3/mcp");
    await expect(intranet.check("https://192.168.4.5/token", "token_endpoint")).resolves.toBeInstanceOf(URL);
    await expect(intranet.check("http://127.0.0.1:8080/", "token_endpoint")).rejects.toThrow(/loopback/);
  });

  it("an MCP server that does not resolve makes every non-public address refused", async () => {
    const policy = new EndpointPolicy("https://gone.example/mcp", { resolve: fakeDns({}) });
    await expect(policy.check("http://127.0.0.1/", "token_endpoint")).rejects.toBeInstanceOf(OAuthEndpointRefusedError);
  });
});
