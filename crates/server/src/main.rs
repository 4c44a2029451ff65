use std::io::{BufRead, IsTerminal, Write};
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use clap::Parser;
use db::users::NewUser;
use db::Db;
use domain::roles::Role;
use server::app::router;
use server::auth::{hash_password, TokenKeys};
use server::config::{
    load_file, Cli, Command, Settings, SimCommand, StoreArgs, UserCommand, UserCreateArgs,
};
use server::state::AppState;
use server::worker::Worker;
use tracing_subscriber::EnvFilter;

/// mimalloc, also in place of the C library's malloc (the `override` feature), so SQLite's
/// allocations too: sqlx copies each value of each row SQLite reads on its worker thread and
/// frees it on ours, and glibc's malloc makes such frees queue on the worker's arena lock (a
/// third of Export All's time); mimalloc hands them back without a lock.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn init_logs(json: bool) {
    let filter = EnvFilter::try_from_env("TOURDESK_LOG")
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    if json {
        builder.json().init();
    } else {
        builder.compact().init();
    }
}

/// Large blocks (argon2's 19 MiB per password check) go straight back to the system after use.
/// glibc's dynamic mmap threshold otherwise keeps several of them: 200 MB after ten sign-ins.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn return_large_blocks_to_the_system() {
    extern "C" {
        fn mallopt(param: i32, value: i32) -> i32;
    }
    const M_MMAP_THRESHOLD: i32 = -3;
    // SAFETY: mallopt only tunes the allocator, and runs before any other thread exists.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 1 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn return_large_blocks_to_the_system() {}

fn main() -> ExitCode {
    return_large_blocks_to_the_system();
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(run()),
        Err(error) => {
            eprintln!("tourdesk: cannot start the runtime: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> ExitCode {
    let cli = Cli::parse();
    let file = match load_file(cli.config.as_deref()) {
        Ok(file) => file,
        Err(error) => {
            eprintln!("tourdesk: {error}");
            return ExitCode::FAILURE;
        }
    };
    let (store, bind) = match &cli.command {
        Command::Serve(args) => (args.store.clone(), args.bind.clone()),
        Command::Migrate(store) | Command::Demo(store) => (store.clone(), None),
        Command::User(UserCommand::Create(args)) => (args.store.clone(), None),
        Command::Openapi => (StoreArgs::default(), None),
        Command::Sim(args) => (args.store.clone(), None),
    };
    let settings = match Settings::resolve(file, &store, bind.as_deref()) {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!("tourdesk: {error}");
            return ExitCode::FAILURE;
        }
    };
    init_logs(settings.log_json);
    let result = match cli.command {
        Command::Openapi => {
            println!(
                "{}",
                serde_json::to_string_pretty(&server::http::openapi())
                    .expect("the document serialises")
            );
            Ok(())
        }
        Command::Serve(args) => serve(settings, args.demo).await,
        Command::Migrate(_) => open(&settings)
            .await
            .map(|_| println!("Database is up to date.")),
        Command::Demo(_) => match open(&settings).await {
            Ok(db) => match app_state(&settings, &db, devices::wall_clock()) {
                Ok(state) => server::demo::fill(&state).await.map(|_| print_sign_ins()),
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        },
        Command::User(UserCommand::Create(args)) => create_user(&settings, args).await,
        Command::Sim(args) => simulate(&settings, args.command).await,
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tourdesk: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn open(settings: &Settings) -> Result<Db, String> {
    if settings.database_url.starts_with("sqlite:") {
        std::fs::create_dir_all(&settings.data_dir)
            .map_err(|e| format!("{}: {e}", settings.data_dir.display()))?;
    }
    Db::connect(&settings.database_url)
        .await
        .map_err(|e| format!("database: {e}"))
}

/// Uploaded logos and photos live in the data folder.
fn file_store(settings: &Settings) -> server::files::FileStore {
    server::files::FileStore::new(settings.data_dir.join("files"))
}

fn print_sign_ins() {
    println!("Demo sign-ins (password: {}):", server::demo::PASSWORD);
    for (username, what) in server::demo::SIGN_INS {
        println!("  {username:<16} {what}");
    }
}

/// The server's state on `db`, its devices and tours on `clock`.
fn app_state(settings: &Settings, db: &Db, clock: devices::Clock) -> Result<AppState, String> {
    let secret = settings
        .token_secret()
        .map_err(|e| format!("token secret: {e}"))?;
    let outbound = server::outbound::Outbound::of(settings);
    Ok(AppState {
        db: db.clone(),
        tokens: TokenKeys::new(&secret),
        settings: Arc::new(settings.clone()),
        files: file_store(settings),
        geocoder: server::geocode::Geocoder::new(settings.geocoder_url.as_deref(), &outbound),
        hardware: server::hardware::Hardware::new(
            db.clone(),
            clock,
            settings.sim_latency_ms,
            outbound,
        ),
    })
}

async fn serve(settings: Settings, demo: bool) -> Result<(), String> {
    let started = Instant::now();
    let db = open(&settings).await?;
    let listener = server::app::listen(settings.bind)
        .await
        .map_err(|e| format!("{}: {e}", settings.bind))?;
    let clock = match settings.demo_clock {
        None => devices::wall_clock(),
        Some(_) if !demo => {
            return Err("TOURDESK_DEMO_CLOCK is for demonstrations: run with --demo".into())
        }
        Some(start) => {
            let ahead = start - chrono::Utc::now();
            tracing::info!(%start, "tours, codes and messages run on the demo clock");
            std::sync::Arc::new(move || chrono::Utc::now() + ahead)
        }
    };
    let state = app_state(&settings, &db, clock)?;
    if demo && !db::builders::any(&db).await.map_err(|e| e.to_string())? {
        server::demo::fill(&state).await?;
        tracing::info!("filled the demo world");
    }
    let notifier = server::notify::Notifier::new(&settings, &state.hardware.outbound)?;
    let outbox_file = notifier.outbox_file().to_path_buf();
    let worker = Worker::new(state.hardware.clone(), notifier);
    tokio::spawn(worker.run());
    let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
    println!(
        "Tourdesk is running at {} ({} database, ready in {} ms)",
        settings.public_url,
        db.dialect(),
        started.elapsed().as_millis()
    );
    if demo {
        print_sign_ins();
    }
    let outbox = format!("the outbox ({})", outbox_file.display());
    println!(
        "Mail goes to {}; text messages go to {}",
        if settings.smtp.is_some() {
            "the SMTP server"
        } else {
            &outbox
        },
        if settings.sms_gateway.is_some() {
            "the text gateway"
        } else {
            &outbox
        },
    );
    let _ = std::io::stdout().flush();
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown())
        .await
        .map_err(|e| e.to_string())?;
    db.close().await;
    Ok(())
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut signal) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down");
}

fn parse_role(text: &str) -> Option<Role> {
    match text {
        "super-admin" => Some(Role::SuperAdmin),
        "program-manager" => Some(Role::ProgramManager),
        "sales-staff" => Some(Role::SalesStaff),
        "other-staff" => Some(Role::OtherStaff),
        "trade-contractor" => Some(Role::TradeContractor),
        id => id.parse().ok().and_then(Role::from_id),
    }
}

/// Reads the password: prompted (without echo) on a terminal, else the first line of stdin.
fn read_password() -> Result<String, String> {
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    if interactive {
        eprint!("Password: ");
        let _ = std::process::Command::new("stty")
            .arg("-echo")
            .stdin(std::process::Stdio::inherit())
            .status();
    }
    let mut line = String::new();
    let read = stdin.lock().read_line(&mut line);
    if interactive {
        let _ = std::process::Command::new("stty")
            .arg("echo")
            .stdin(std::process::Stdio::inherit())
            .status();
        eprintln!();
    }
    read.map_err(|e| e.to_string())?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

/// `tourdesk sim`: the simulated devices, driven as the admin's API drives them.
async fn simulate(settings: &Settings, command: SimCommand) -> Result<(), String> {
    use devices::sim::{Faults, SimDevice, SimStore};
    use devices::{DeviceKind, Provider};
    let db = open(settings).await?;
    let hardware = server::hardware::Hardware::new(
        db.clone(),
        devices::wall_clock(),
        settings.sim_latency_ms,
        server::outbound::Outbound::of(settings),
    );
    let sim = hardware.simulator();
    let error = |e: devices::DeviceError| e.to_string();
    let serial = match &command {
        SimCommand::Add { serial, .. }
        | SimCommand::Show { serial }
        | SimCommand::Keypad { serial, .. }
        | SimCommand::Fault { serial, .. }
        | SimCommand::Battery { serial, .. } => serial.clone(),
    };
    match command {
        SimCommand::Add { kind, name, .. } => {
            let kind: DeviceKind = serde_json::from_value(serde_json::Value::String(kind.clone()))
                .map_err(|_| format!("unknown kind '{kind}'"))?;
            sim.store()
                .put(SimDevice::new(&serial, kind, &name))
                .await
                .map_err(error)?;
        }
        SimCommand::Show { .. } => {}
        SimCommand::Keypad { code, .. } => {
            let opened = sim.keypad(&serial, &code).await.map_err(error)?;
            println!(
                "{}",
                if opened {
                    "Opened."
                } else {
                    "Not opened: no such code now."
                }
            );
        }
        SimCommand::Fault {
            offline,
            fail_set_code,
            fail_remove_code,
            jam,
            drain,
            fail_rate,
            ..
        } => {
            if !(0.0..=1.0).contains(&drain) {
                return Err("the drain is 0 to 1".into());
            }
            if !(0.0..=1.0).contains(&fail_rate) {
                return Err("the share of failures is 0 to 1".into());
            }
            let faults = Faults {
                offline,
                fail_set_code,
                fail_remove_code,
                jam,
                drain_per_command: drain,
                fail_rate,
            };
            sim.set_faults(&serial, faults).await.map_err(error)?;
        }
        SimCommand::Battery { level, .. } => {
            if !(0.0..=1.0).contains(&level) {
                return Err("the level is 0 to 1".into());
            }
            sim.set_battery(&serial, level).await.map_err(error)?;
        }
    }
    let device = server::sim_store::masked_device(sim.store(), &serial)
        .await
        .map_err(error)?;
    println!(
        "{}",
        serde_json::to_string_pretty(&device).expect("a device serialises")
    );
    // A status read checks the device answers as the console would see it.
    if let Err(e) = sim.status(&serial).await {
        println!("The device answers: {e}");
    }
    Ok(())
}

async fn create_user(settings: &Settings, args: UserCreateArgs) -> Result<(), String> {
    let role = parse_role(&args.role).ok_or_else(|| format!("unknown role '{}'", args.role))?;
    if !domain::validation::is_username(&args.username) {
        return Err("the username may hold letters, digits, dots, dashes and underscores".into());
    }
    if !domain::validation::is_email(&args.email) {
        return Err("the email is not valid".into());
    }
    let password = read_password()?;
    if password.chars().count() < domain::validation::PASSWORD_MIN {
        return Err(format!(
            "the password must be at least {} characters",
            domain::validation::PASSWORD_MIN
        ));
    }
    let db = open(settings).await?;
    if let Some(builder) = args.builder {
        db::builders::get(&db, &db::Scope::All, builder)
            .await
            .map_err(|e| e.to_string())?
            .ok_or(format!("no builder {builder}"))?;
    }
    let fallback = args.username.split('.').next().unwrap_or("").to_string();
    let user = NewUser {
        username: args.username.to_lowercase(),
        email: args.email,
        firstname: if args.firstname.is_empty() {
            fallback
        } else {
            args.firstname
        },
        lastname: args.lastname,
        password_hash: Some(hash_password(&password)),
        builder_id: args.builder,
        role_id: role.id(),
        is_admin: args.admin,
        groups: vec![role.group_id()],
        ..Default::default()
    };
    db::users::create(&db, &user).await.map_err(|e| match e {
        db::Error::Database(d) if d.is_unique_violation() => "that username is taken".to_string(),
        other => other.to_string(),
    })?;
    println!("Created {}.", user.username);
    Ok(())
}
