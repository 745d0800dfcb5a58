package remote

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// selfSigned writes a certificate for 127.0.0.1 and its key.
func selfSigned(t *testing.T, dir string) (cert, key string) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "elolab test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	if err != nil {
		t.Fatal(err)
	}
	kb, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
		t.Fatal(err)
	}
	return cert, key
}

func TestTLS(t *testing.T) {
	dir := t.TempDir()
	if _, err := Serve(ServerConfig{Listen: "0.0.0.0:0", Dir: filepath.Join(dir, "refused")}); err == nil ||
		!strings.Contains(err.Error(), "without TLS") {
		t.Fatalf("a non-loopback listen without TLS: %v", err)
	}
	cert, key := selfSigned(t, dir)
	srv, err := Serve(ServerConfig{Listen: "127.0.0.1:0", Dir: filepath.Join(dir, "nats"), TLSCert: cert, TLSKey: key, Reload: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if !strings.HasPrefix(srv.URL(), "tls://") {
		t.Errorf("URL %s does not say tls", srv.URL())
	}
	creds := filepath.Join(dir, "w.creds")
	if err := AddWorker(srv.dir, "w", creds); err != nil {
		t.Fatal(err)
	}
	time.Sleep(400 * time.Millisecond) // the server's reload
	if _, _, err := Dial(ClientConfig{URL: srv.URL(), Creds: creds}); err == nil {
		t.Error("a worker connected without trusting the self-signed certificate")
	}
	nc, _, err := Dial(ClientConfig{URL: srv.URL(), Creds: creds, CA: cert})
	if err != nil {
		t.Fatalf("with --ca: %v", err)
	}
	defer nc.Close()
	if !nc.TLSRequired() {
		t.Error("the connection is not TLS")
	}
	// The coordinator's version reaches the worker over TLS.
	cn, err := srv.Connect("coordinator")
	if err != nil {
		t.Fatal(err)
	}
	defer cn.Close()
	c := &Coordinator{Conn: cn, Run: "r", Version: "v-tls"}
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	js, _ := newJS(nc)
	if v, err := ServerVersion(context.Background(), js); err != nil || v != "v-tls" {
		t.Errorf("version over TLS: %q, %v", v, err)
	}
}
