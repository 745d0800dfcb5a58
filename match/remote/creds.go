package remote

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// A credential is an nkey: the worker keeps the seed (its secret, a file
// only its owner can read), the server knows only the public key, so the
// server's directory holds no secret of any worker. Removing a worker's
// public key from the list revokes it: the serving coordinator reloads
// the list within seconds and disconnects it.

// Credential is the file a worker is given (--creds FILE).
type Credential struct {
	Name string `json:"name"`
	Seed string `json:"seed"` // nkey user seed (SU…)
}

// Registered is a worker known to the server.
type Registered struct {
	Name  string    `json:"name"`
	Key   string    `json:"key"` // public nkey (U…)
	Added time.Time `json:"added"`
}

// adminName is the coordinator's (and elolab workers') own credential.
const adminName = "admin"

// workersFile lists the registered workers in a serve directory.
func workersFile(dir string) string { return filepath.Join(dir, "workers.json") }

// adminFile is the admin credential in a serve directory.
func adminFile(dir string) string { return filepath.Join(dir, "admin.creds") }

// ReadRegistered reads the workers registered in dir (none when the file
// does not exist yet).
func ReadRegistered(dir string) ([]Registered, error) {
	b, err := os.ReadFile(workersFile(dir))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var rs []Registered
	if err := json.Unmarshal(b, &rs); err != nil {
		return nil, fmt.Errorf("%s: %v", workersFile(dir), err)
	}
	for _, r := range rs {
		if err := token("worker name", r.Name); err != nil {
			return nil, fmt.Errorf("%s: %v", workersFile(dir), err)
		}
		if !nkeys.IsValidPublicUserKey(r.Key) {
			return nil, fmt.Errorf("%s: worker %q: %q is not a public user nkey", workersFile(dir), r.Name, r.Key)
		}
	}
	return rs, nil
}

// writeRegistered replaces the list atomically.
func writeRegistered(dir string, rs []Registered) error {
	sort.Slice(rs, func(i, j int) bool { return rs[i].Name < rs[j].Name })
	b, err := json.MarshalIndent(rs, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(workersFile(dir), append(b, '\n'), 0o644)
}

// AddWorker makes a credential for a new worker named name, registers its
// public key in dir and writes the credential to out (mode 0600; the
// caller gives it to the worker's machine).
func AddWorker(dir, name, out string) error {
	if err := token("worker name", name); err != nil {
		return err
	}
	if name == adminName {
		return fmt.Errorf("worker name %q is reserved", name)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	rs, err := ReadRegistered(dir)
	if err != nil {
		return err
	}
	for _, r := range rs {
		if r.Name == name {
			return fmt.Errorf("worker %q is already registered in %s (remove it first to give it a new credential)", name, dir)
		}
	}
	kp, err := nkeys.CreateUser()
	if err != nil {
		return err
	}
	seed, _ := kp.Seed()
	pub, _ := kp.PublicKey()
	if err := writeCredential(out, Credential{Name: name, Seed: string(seed)}); err != nil {
		return err
	}
	return writeRegistered(dir, append(rs, Registered{Name: name, Key: pub, Added: time.Now().UTC().Truncate(time.Second)}))
}

// RemoveWorker revokes a worker's credential.
func RemoveWorker(dir, name string) error {
	rs, err := ReadRegistered(dir)
	if err != nil {
		return err
	}
	for i, r := range rs {
		if r.Name == name {
			return writeRegistered(dir, append(rs[:i], rs[i+1:]...))
		}
	}
	return fmt.Errorf("no worker %q is registered in %s", name, dir)
}

func writeCredential(path string, c Credential) error {
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s exists: not overwriting a credential", path)
	}
	return writeFileAtomic(path, append(b, '\n'), 0o600)
}

// ReadCredential reads a worker credential file.
func ReadCredential(path string) (Credential, error) {
	var c Credential
	b, err := os.ReadFile(path)
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return c, fmt.Errorf("%s: not an elolab credential: %v", path, err)
	}
	if err := token("name", c.Name); err != nil {
		return c, fmt.Errorf("%s: %v", path, err)
	}
	if _, err := nkeys.FromSeed([]byte(c.Seed)); err != nil {
		return c, fmt.Errorf("%s: seed: %v", path, err)
	}
	return c, nil
}

// adminCredential returns dir's admin credential, made on first use.
func adminCredential(dir string) (Credential, error) {
	c, err := ReadCredential(adminFile(dir))
	if err == nil || !errors.Is(err, os.ErrNotExist) {
		return c, err
	}
	kp, err := nkeys.CreateUser()
	if err != nil {
		return c, err
	}
	seed, _ := kp.Seed()
	c = Credential{Name: adminName, Seed: string(seed)}
	return c, writeCredential(adminFile(dir), c)
}

// option is the connection option that signs in with c.
func (c Credential) option() (nats.Option, string, error) {
	kp, err := nkeys.FromSeed([]byte(c.Seed))
	if err != nil {
		return nil, "", err
	}
	pub, err := kp.PublicKey()
	if err != nil {
		return nil, "", err
	}
	return nats.Nkey(pub, kp.Sign), pub, nil
}

func writeFileAtomic(path string, b []byte, mode os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// workerPermissions are what a worker may do: pull batches and ack them,
// publish results, write its own heartbeat, read the play states and the
// version, fetch binaries. It cannot publish batches, read results,
// purge or delete anything, or read other workers' inboxes.
func workerPermissions(name string) (pub, sub []string) {
	pub = []string{
		"$JS.API.CONSUMER.INFO." + WorkStream + "." + WorkConsumer,
		"$JS.API.CONSUMER.MSG.NEXT." + WorkStream + "." + WorkConsumer,
		"$JS.ACK." + WorkStream + "." + WorkConsumer + ".>",
		resultPrefix + ">",
		"$JS.API.STREAM.INFO.KV_" + WorkersBucket,
		"$KV." + WorkersBucket + "." + name,
	}
	for _, b := range []string{"KV_" + PlaysBucket, "KV_" + InfoBucket, "OBJ_" + FilesBucket} {
		pub = append(pub, "$JS.API.STREAM.INFO."+b, "$JS.API.DIRECT.GET."+b+".>", "$JS.API.STREAM.MSG.GET."+b)
	}
	pub = append(pub,
		"$JS.API.CONSUMER.CREATE.OBJ_"+FilesBucket+".>",
		"$JS.API.CONSUMER.DELETE.OBJ_"+FilesBucket+".>",
		"$JS.FC.OBJ_"+FilesBucket+".>")
	return pub, []string{inboxPrefix + name + ".>"}
}

// InboxPrefix is the inbox prefix of a worker's connection: the only
// subjects it may subscribe to.
func InboxPrefix(name string) string { return inboxPrefix + name }

// localName reports whether name looks like a name a worker may use.
func validWorkerName(name string) error {
	if err := token("worker name", name); err != nil {
		return err
	}
	if strings.EqualFold(name, adminName) {
		return fmt.Errorf("worker name %q is reserved", name)
	}
	return nil
}
