//! Tokens, password hashes and the signed-in caller with the scope it may see.

use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::Utc;
use db::users::UserRecord;
use db::Scope;
use domain::roles::{role_label, Account, Reach, Role};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

pub const MSG_WIDER_ACCOUNT: &str = "You cannot change an account that reaches further than yours";
pub const MSG_ROLE_ABOVE_OWN: &str = "You cannot give a role above your own";

/// Session tokens live this long.
pub const TOKEN_TTL_SECS: i64 = 12 * 3600;

/// What a token says. The username is readable by the SPA (it restores a stored session only
/// when the stored username matches `sub`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub uid: i64,
    /// The user's token version when issued: a password change or reset revokes older tokens.
    pub ver: i64,
    /// The sign-in session the token belongs to; ending it revokes the token.
    pub sid: String,
    /// The builder the session acts for (enterprise users choose it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bld: Option<i64>,
    /// The platform admin who signed in as this program manager, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imp: Option<String>,
    pub exp: i64,
}

/// Signs and checks tokens with the server's secret.
#[derive(Clone)]
pub struct TokenKeys {
    secret: Vec<u8>,
}

impl TokenKeys {
    pub fn new(secret: &[u8]) -> TokenKeys {
        TokenKeys {
            secret: secret.to_vec(),
        }
    }

    fn mac(&self) -> Hmac<Sha256> {
        Hmac::<Sha256>::new_from_slice(&self.secret).expect("HMAC takes keys of any length")
    }

    pub fn issue(
        &self,
        user: &UserRecord,
        session: &str,
        builder: Option<i64>,
        impersonator: Option<String>,
    ) -> String {
        let claims = Claims {
            sub: user.username.clone(),
            uid: user.user_id,
            ver: user.token_version,
            sid: session.to_string(),
            bld: builder,
            imp: impersonator,
            exp: Utc::now().timestamp() + TOKEN_TTL_SECS,
        };
        let payload =
            URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims).expect("claims serialise"));
        let mut mac = self.mac();
        mac.update(payload.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
        format!("{payload}.{signature}")
    }

    /// The claims of a well-signed, unexpired token.
    /// A text signed with the server's secret (`text.signature`), for short-lived grants that
    /// are not sign-ins (a thermostat panel's token).
    pub fn sign(&self, text: &str) -> String {
        let payload = URL_SAFE_NO_PAD.encode(text);
        let mut mac = self.mac();
        mac.update(payload.as_bytes());
        format!(
            "{payload}.{}",
            URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
        )
    }

    pub fn verify(&self, token: &str) -> Option<Claims> {
        let claims: Claims = serde_json::from_str(&self.open(token)?).ok()?;
        (claims.exp > Utc::now().timestamp()).then_some(claims)
    }

    /// The text of a token `sign` (or `issue`) made, when its signature holds.
    pub fn open(&self, token: &str) -> Option<String> {
        let (payload, signature) = token.split_once('.')?;
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        let mut mac = self.mac();
        mac.update(payload.as_bytes());
        mac.verify_slice(&signature).ok()?;
        String::from_utf8(URL_SAFE_NO_PAD.decode(payload).ok()?).ok()
    }
}

/// argon2id with the crate's default cost.
pub fn hash_password(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .expect("argon2 hashes any password")
        .to_string()
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// Hashing is slow and takes ~19 MiB by design. It runs on two dedicated threads, so a flood of
/// sign-ins queues instead of exhausting memory, and the allocator keeps at most two such blocks.
type HashJob = Box<dyn FnOnce() + Send>;
static HASH_THREADS: std::sync::OnceLock<std::sync::mpsc::Sender<HashJob>> =
    std::sync::OnceLock::new();
const HASH_THREAD_COUNT: usize = 2;

fn hash_threads() -> &'static std::sync::mpsc::Sender<HashJob> {
    HASH_THREADS.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel::<HashJob>();
        let rx = std::sync::Arc::new(std::sync::Mutex::new(rx));
        for n in 0..HASH_THREAD_COUNT {
            let rx = rx.clone();
            std::thread::Builder::new()
                .name(format!("password-hash-{n}"))
                .spawn(move || loop {
                    let job = match rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    match job {
                        Ok(job) => job(),
                        Err(_) => return,
                    }
                })
                .expect("start a hashing thread");
        }
        tx
    })
}

async fn on_hashing_pool<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> ApiResult<T> {
    let (done, answer) = tokio::sync::oneshot::channel();
    hash_threads()
        .send(Box::new(move || {
            let _ = done.send(work());
        }))
        .map_err(|_| ApiError::Internal("hashing threads stopped".into()))?;
    answer
        .await
        .map_err(|_| ApiError::Internal("hashing failed".into()))
}

pub async fn hash_password_blocking(password: String) -> ApiResult<String> {
    on_hashing_pool(move || hash_password(&password)).await
}

pub async fn verify_password_blocking(password: String, hash: String) -> ApiResult<bool> {
    on_hashing_pool(move || verify_password(&password, &hash)).await
}

/// Starts a sign-in session for `user`; its tokens name the id answered.
pub async fn start_session(state: &AppState, user: &UserRecord) -> ApiResult<String> {
    let (session, _) = random_token();
    let expires = Utc::now() + chrono::Duration::seconds(TOKEN_TTL_SECS);
    db::sessions::start(&state.db, &session, user.user_id, expires).await?;
    Ok(session)
}

/// A random URL-safe secret (reset tokens) and the hash it is stored as.
pub fn random_token() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::Rng::fill(&mut rand::thread_rng(), &mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = sha256_hex(&token);
    (token, hash)
}

pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A user as staff management weighs them: how far they reach and their role.
pub fn account_of(user: &UserRecord) -> Account {
    let reach = match (user.is_admin, user.enterprise_id) {
        (true, _) => Reach::Platform,
        (false, Some(enterprise)) => Reach::Enterprise(enterprise),
        (false, None) => Reach::Builder,
    };
    Account {
        reach,
        role: Role::from_id(user.role_id),
    }
}

/// The signed-in user of a request and what they may see.
#[derive(Debug, Clone)]
pub struct Caller {
    /// The bearer token the request came with.
    pub token: String,
    pub user: UserRecord,
    pub claims: Claims,
    pub scope: Scope,
    /// The API key (OAuth client) the request came with, when it came with one: it acts for its
    /// builder as the staff member who made it, on the public API only.
    pub client: Option<i64>,
}

/// An API key's access tokens live this long.
pub const CLIENT_TOKEN_TTL_SECS: i64 = 3600;

/// What an API key's access token says: the client (while it exists) and when it ends.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct ClientClaims {
    cli: i64,
    exp: i64,
}

/// An access token for an API key (the client-credentials grant).
pub fn issue_client_token(keys: &TokenKeys, client: i64) -> String {
    let claims = ClientClaims {
        cli: client,
        exp: Utc::now().timestamp() + CLIENT_TOKEN_TTL_SECS,
    };
    keys.sign(&serde_json::to_string(&claims).expect("claims serialise"))
}

/// The caller of an API key's access token: the client's maker, seeing only the client's
/// builder. A removed client (or one whose maker is gone) is unauthorised at once; a call
/// outside the public API is forbidden.
async fn client_caller(state: &AppState, parts: &Parts, token: String) -> Result<Caller, ApiError> {
    let claims: ClientClaims = state
        .tokens
        .open(&token)
        .and_then(|text| serde_json::from_str(&text).ok())
        .filter(|c: &ClientClaims| c.exp > Utc::now().timestamp())
        .ok_or(ApiError::Unauthorized)?;
    let grant = db::oauth_clients::by_id(&state.db, claims.cli)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    let user = db::users::find_by_id(&state.db, grant.user_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    let call = parts
        .extensions
        .get::<axum::extract::MatchedPath>()
        .map(|path| (parts.method.as_str(), path.as_str()));
    if !call.is_some_and(crate::http::is_public_call) {
        return Err(ApiError::Forbidden(
            "An API key may call only the public API".into(),
        ));
    }
    Ok(Caller {
        claims: Claims {
            sub: user.username.clone(),
            uid: user.user_id,
            ver: user.token_version,
            sid: String::new(),
            bld: Some(grant.builder_id),
            imp: None,
            exp: claims.exp,
        },
        scope: Scope::builder(grant.builder_id),
        client: Some(grant.id),
        token,
        user,
    })
}

impl Caller {
    pub fn is_pm(&self) -> bool {
        Role::from_id(self.user.role_id).is_some_and(Role::is_project_manager)
    }

    pub fn is_enterprise(&self) -> bool {
        self.user.enterprise_id.is_some()
    }

    pub fn is_admin(&self) -> bool {
        self.user.is_admin
    }

    /// The builder the session acts for: the chosen one for enterprise users, else the user's own.
    pub fn builder_id(&self) -> Option<i64> {
        self.claims
            .bld
            .filter(|id| *id != 0)
            .or(self.user.builder_id)
    }

    pub fn role_label(&self) -> &'static str {
        role_label(self.is_pm(), self.user.role_id)
    }

    /// Staff who are not property managers give a home only the dispositions of the second list
    /// (spec 1 §4): open to tours or to staff only. Selling, renting and retiring are managers'.
    pub fn chooses_from_short_list(&self) -> bool {
        self.role_label() == "USER" && !self.is_admin()
    }

    /// Staff management is for program managers, enterprise users and the platform admin.
    pub fn require_staff_manager(&self) -> ApiResult<()> {
        if self.is_pm() || self.is_enterprise() || self.is_admin() {
            Ok(())
        } else {
            Err(ApiError::Forbidden(
                "Only program managers can manage staff".into(),
            ))
        }
    }

    /// Refuses a change to `target` (editing, resetting, removing, ending sessions) when it
    /// reaches further or stands higher than the caller.
    pub fn require_may_manage(&self, target: &UserRecord) -> ApiResult<()> {
        if account_of(&self.user).may_manage(account_of(target)) {
            Ok(())
        } else {
            Err(ApiError::Forbidden(MSG_WIDER_ACCOUNT.into()))
        }
    }

    /// Refuses giving someone a role above the caller's own.
    pub fn require_may_grant(&self, role: Role) -> ApiResult<()> {
        if account_of(&self.user).may_grant(role) {
            Ok(())
        } else {
            Err(ApiError::Forbidden(MSG_ROLE_ABOVE_OWN.into()))
        }
    }

    /// Console areas limited to USER and PM (route table): not Other Staff or Trade Contractors.
    pub fn require_console(&self) -> ApiResult<()> {
        if self.role_label() == "OTHER STAFF" && !self.is_admin() {
            Err(ApiError::Forbidden(
                "Your role has no access to this page".into(),
            ))
        } else {
            Ok(())
        }
    }

    pub fn require_admin(&self) -> ApiResult<()> {
        if self.is_admin() {
            Ok(())
        } else {
            Err(ApiError::Forbidden(
                "Only a platform admin can do this".into(),
            ))
        }
    }

    /// The builder a new object goes to: the one asked for when the caller may choose (and may
    /// see it), else the session's builder.
    pub fn target_builder(&self, requested: Option<i64>) -> ApiResult<i64> {
        match requested.filter(|id| *id != 0) {
            Some(id) if self.scope.allows(id) => Ok(id),
            Some(_) => Err(ApiError::field("builder_id", "Builder is required field")),
            None => self
                .builder_id()
                .ok_or_else(|| ApiError::field("builder_id", "Builder is required field")),
        }
    }
}

/// The token of an `Authorization` header value: the scheme is case-insensitive (RFC 9110 §11.1).
pub fn bearer_token(header: &str) -> Option<&str> {
    let (scheme, token) = header.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// The builders a user may see.
pub async fn scope_of(state: &AppState, user: &UserRecord) -> ApiResult<Scope> {
    if user.is_admin {
        return Ok(Scope::All);
    }
    if let Some(enterprise_id) = user.enterprise_id {
        return Ok(Scope::Builders(
            db::builders::enterprise_builder_ids(&state.db, enterprise_id).await?,
        ));
    }
    Ok(user
        .builder_id
        .map(Scope::builder)
        .unwrap_or(Scope::Builders(Vec::new())))
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let header = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok());
        let token = header
            .and_then(bearer_token)
            .ok_or(ApiError::Unauthorized)?
            .to_string();
        let Some(claims) = state.tokens.verify(&token) else {
            return client_caller(state, parts, token).await;
        };
        let user = db::sessions::user_of_live_session(&state.db, claims.uid, &claims.sid)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        if user.token_version != claims.ver || user.username != claims.sub {
            return Err(ApiError::Unauthorized);
        }
        let scope = scope_of(state, &user).await?;
        Ok(Caller {
            token,
            user,
            claims,
            scope,
            client: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user() -> UserRecord {
        UserRecord {
            user_id: 7,
            username: "ann.lee".into(),
            email: "ann@example.com".into(),
            firstname: "Ann".into(),
            lastname: "Lee".into(),
            phone: String::new(),
            password_hash: None,
            builder_id: Some(1),
            builder_name: None,
            builder_quickbook_id: None,
            is_rental: false,
            enterprise_id: None,
            role_id: 4,
            is_admin: false,
            is_management: false,
            token_version: 0,
            notifications: Default::default(),
        }
    }

    #[test]
    fn tokens_round_trip_and_reject_forgery() {
        let keys = TokenKeys::new(b"secret-one");
        let token = keys.issue(&user(), "s1", None, None);
        assert_eq!(keys.verify(&token).map(|c| c.uid), Some(7));
        assert!(TokenKeys::new(b"secret-two").verify(&token).is_none());
        let (payload, signature) = token.split_once('.').unwrap();
        let forged = format!("{}x.{signature}", payload);
        assert!(keys.verify(&forged).is_none());
        assert!(keys.verify("garbage").is_none());
    }

    #[test]
    fn expired_tokens_are_refused() {
        let keys = TokenKeys::new(b"k");
        let claims = Claims {
            sub: "a".into(),
            uid: 1,
            ver: 0,
            sid: "s1".into(),
            bld: None,
            imp: None,
            exp: Utc::now().timestamp() - 1,
        };
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims).unwrap());
        let mut mac = keys.mac();
        mac.update(payload.as_bytes());
        let token = format!(
            "{payload}.{}",
            URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
        );
        assert!(keys.verify(&token).is_none());
    }

    #[test]
    fn the_bearer_scheme_is_case_insensitive() {
        for header in ["Bearer abc", "bearer abc", "BEARER  abc ", " Bearer abc"] {
            assert_eq!(bearer_token(header), Some("abc"), "{header:?}");
        }
        for header in ["Basic abc", "Bearer", "Bearer ", "Bearerabc", "abc"] {
            assert_eq!(bearer_token(header), None, "{header:?}");
        }
    }

    #[test]
    fn passwords_hash_and_verify() {
        let hash = hash_password("tourdesk-demo");
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("tourdesk-demo", &hash));
        assert!(!verify_password("wrong", &hash));
        assert!(!verify_password("x", "not a hash"));
    }

    #[test]
    fn random_tokens_hash_consistently() {
        let (token, hash) = random_token();
        assert_eq!(sha256_hex(&token), hash);
        assert_ne!(random_token().0, token);
    }
}
